import pg from "pg";
import { describe, expect, it } from "vitest";
import { isoFromTimestamptzText, sqlRows } from "@/lib/db/client";
import { Prisma } from "@/lib/db";

const viaDate = (text: string) => (pg.types.getTypeParser(1184, "text")(text) as Date).toISOString();

describe("timestamptz text read as the API's ISO string", () => {
  it("prints what a Date would, for every fraction PostgreSQL writes and for other offsets", () => {
    const texts = [
      "2025-01-02 03:04:05+00", "2025-01-02 03:04:05.1+00", "2025-01-02 03:04:05.12+00", "2025-01-02 03:04:05.123+00",
      "2025-01-02 03:04:05.123456+00", "2025-01-02 03:04:05.999999+00", "1999-12-31 23:59:59.0001+00",
      // Another session time zone: the general path converts to UTC.
      "2025-01-02 03:04:05.5+05:30", "2025-01-02 03:04:05-08",
    ];
    for (const t of texts) expect(isoFromTimestamptzText(t), t).toBe(viaDate(t));
    expect(isoFromTimestamptzText("2025-01-02 03:04:05.5+05:30")).toBe("2025-01-01T21:34:05.500Z");
  });

  describe("from the database", () => {
    it("gives the same strings as the Date path for stored values, whatever the session time zone", async () => {
      const q = Prisma.sql`SELECT v FROM (VALUES ('2025-03-04 05:06:07.890123+00'::timestamptz), ('2025-03-04 05:06:07+00'::timestamptz),
        ('2024-02-29 23:59:59.5+02'::timestamptz), (NULL::timestamptz)) x(v)`;
      const iso = await sqlRows<{ v: string | null }>(q, undefined, { timestamps: "iso" });
      const dates = await sqlRows<{ v: Date | null }>(q);
      expect(iso.map((r) => r.v)).toEqual(dates.map((r) => r.v?.toISOString() ?? null));
      expect(iso[0].v).toBe("2025-03-04T05:06:07.890Z");
    });
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_STATUS } from "@/lib/api/errors";

// docs/api.md's table of error codes is the API's one list in words: every code of lib/api/errors.ts is a row with
// its status, and no row names a code that does not exist.
const api = readFileSync(path.resolve(import.meta.dirname, "../../docs/api.md"), "utf8");

describe("docs/api.md, Error codes", () => {
  const rows = new Map([...api.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));

  it("lists every error code with its HTTP status, and nothing else", () => {
    expect(Object.fromEntries(rows)).toEqual(HTTP_STATUS);
  });
});

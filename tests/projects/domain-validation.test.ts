import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../factories";
import { as, createProjectCall } from "./helpers";

// Every case goes through the real POST route; a unique label keeps valid ones from colliding across runs.
const tag = () => crypto.randomUUID().slice(0, 8);
const label = (n: number, c = "a") => c.repeat(n);

/** A valid-looking domain of exactly `total` chars: the prefix, then labels of at most 63 chars, then ".co". */
function domainOfLength(total: number, prefix: string): string {
  const labels = [prefix];
  let len = prefix.length + ".co".length;
  while (len < total) {
    const room = total - len - 1;
    const size = room > 63 ? (room - 63 === 1 ? 62 : 63) : room;
    labels.push("b".repeat(size));
    len += size + 1;
  }
  const d = [...labels, "co"].join(".");
  if (d.length !== total) throw new Error(`built ${d.length} chars, wanted ${total}`);
  return d;
}

let u: TestUser;
beforeAll(async () => { u = await createTestUser("domains"); });

describe("BareDomain validation on POST …/projects", () => {
  it.each([
    ["a plain domain", () => `example-${tag()}.com`, null],
    ["short labels", () => `a${tag()}.b.co`, null],
    ["a punycode label", () => `xn--bcher-kva-${tag()}.example`, null],
    ["a 63-char label", () => `${tag()}${label(55)}.example`, null],
    ["253 chars in total", () => domainOfLength(253, tag()), null],
    ["uppercase, stored lowercase", () => `UPPER-${tag()}.Example.COM`, "lower"],
    ["surrounding spaces, trimmed", () => `  spaced-${tag()}.example \t`, "trim"],
  ] as const)("accepts %s", async (_name, make, transform) => {
    const input = make();
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain: input });
    expect(res.status, JSON.stringify(body)).toBe(201);
    const expected = transform === "lower" ? input.toLowerCase() : transform === "trim" ? input.trim() : input;
    expect(body.data.domain).toBe(expected);
  });

  it.each([
    ["with a scheme", "https://example.com"],
    ["with a path", "example.com/path"],
    ["with a port", "example.com:8080"],
    ["with a trailing dot", "example.com."],
    ["a single label", "localhost"],
    ["a numeric TLD", "example.123"],
    ["a 1-char TLD", "example.c"],
    ["a label with a leading hyphen", "-example.com"],
    ["a label with a trailing hyphen", "example-.com"],
    ["an underscore", "my_site.example"],
    ["a 64-char label", `${label(64)}.example`],
    ["254 chars", domainOfLength(254, "x")],
    ["empty", ""],
    ["only spaces", "   "],
    ["a space inside", "exa mple.com"],
    ["an IPv4 address", "192.168.1.1"],
    ["an IPv6 address", "[::1]"],
    ["an empty label", "example..com"],
    ["a TLD with a digit", "example.c0m"],
    ["a 64-char TLD", `example.${label(64, "z")}`],
    ["a non-string", 42],
  ])("rejects %s with 400 VALIDATION_ERROR", async (_name, domain) => {
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors?.[0]).toMatchObject({ path: "domain" });
  });

  it("rejects a missing domain", async () => {
    const { res, body } = await createProjectCall(u.organizationId, as(u), { name: "no domain" });
    expect(res.status).toBe(400);
    expect(body.meta?.errors).toEqual([expect.objectContaining({ path: "domain" })]);
  });
});

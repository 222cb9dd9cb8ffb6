import { describe, expect, it } from "vitest";
import { WAF_FIXTURES } from "@/tests/audit/waf-fixtures";
import { detectWaf, mayBeChallenge } from "./waf";
import { WAF_VENDORS } from "./waf-vendors";

describe("detectWaf", () => {
  it.each(WAF_FIXTURES.map((f) => [f.name, f] as const))("%s", (_name, fixture) => {
    expect(detectWaf(fixture)).toBe(fixture.vendor);
  });

  it.each(WAF_FIXTURES.map((f) => [f.name, f] as const))("%s: still recognised when the body is read only if mayBeChallenge", (_name, f) => {
    const body = mayBeChallenge(f.status, f.headers) ? f.body : "";
    expect(detectWaf({ ...f, body })).toBe(f.vendor);
  });

  it("skips the body of ordinary 2xx and non-blocking answers", () => {
    expect(mayBeChallenge(200, { server: "cloudflare" })).toBe(false);
    expect(mayBeChallenge(404, { "x-sucuri-id": "1" })).toBe(false);
    expect(mayBeChallenge(200, { "x-sucuri-id": "1" })).toBe(true);
    expect(mayBeChallenge(403, {})).toBe(true);
  });

  it("has a challenge fixture for every vendor in the table", () => {
    const covered = new Set(WAF_FIXTURES.map((f) => f.vendor));
    expect(WAF_VENDORS.map((v) => v.vendor).filter((v) => !covered.has(v))).toEqual([]);
  });

  it("recognises a verdict header whatever the body", () => {
    expect(detectWaf({ status: 403, headers: { "cf-mitigated": "challenge" }, body: "" })).toBe("cloudflare");
    expect(detectWaf({ status: 200, headers: { "x-vercel-mitigated": "challenge" }, body: "" })).toBe("vercel");
    expect(detectWaf({ status: 403, headers: { "cf-mitigated": "none" }, body: "" })).toBeNull();
  });

  it("matches markers in any case and headers by prefix", () => {
    expect(detectWaf({ status: 403, headers: { "x-px-block": "1" }, body: "<DIV ID='PX-CAPTCHA'>" })).toBe("perimeterx");
    expect(detectWaf({ status: 403, headers: { "x-px-block": "1" }, body: "window._PXAPPID='x'" })).toBe("perimeterx");
  });

  it("needs a blocking status for body markers of vendors that never challenge with 2xx", () => {
    const body = WAF_FIXTURES.find((f) => f.vendor === "datadome")!.body;
    expect(detectWaf({ status: 200, headers: { "x-datadome": "protected" }, body })).toBeNull();
    expect(detectWaf({ status: 403, headers: {}, body })).toBe("datadome");
  });

  it("only looks at the first 32 KiB of the body", () => {
    const late = `${"x".repeat(40 * 1024)}px-captcha`;
    expect(detectWaf({ status: 403, headers: {}, body: late })).toBeNull();
  });
});

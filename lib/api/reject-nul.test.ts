import { describe, expect, it } from "vitest";
import type { DomainError } from "@/lib/core/errors";
import { HTTP_STATUS } from "./errors";
import { assertNoNulInBody, assertNoNulInParams, assertNoNulInQuery, nulPaths, nulRejectionOf } from "./reject-nul";

const errorOf = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    // The status a client sees is the edge's, from the one table.
    return { code: (e as DomainError).code, meta: (e as DomainError).meta, status: HTTP_STATUS[(e as DomainError).code] };
  }
  return null;
};

describe("nulPaths", () => {
  it.each([
    ["a clean value", { name: "ok", urls: ["https://a.example/"], n: 1, flag: true, none: null }, []],
    ["a top-level string", "a\u0000b", [""]],
    ["a field", { name: "x\u0000" }, ["name"]],
    ["array items, in order", { urls: ["ok", "\u0000", "ok", "b\u0000"] }, ["urls.1", "urls.3"]],
    ["nested objects", { a: { b: [{ c: "\u0000" }] } }, ["a.b.0.c"]],
    ["a key (shown with U+FFFD)", { "k\u0000": 1 }, ["k\ufffd"]],
    ["a key and its value", { "k\u0000": "v\u0000" }, ["k\ufffd", "k\ufffd"]],
    ["the text \\u0000 escaped (no NUL)", { name: "\\u0000" }, []],
  ])("%s", (_n, value, expected) => {
    expect(nulPaths(value)).toEqual(expected);
  });

  it("reports at most 20 paths", () => {
    expect(nulPaths(Array.from({ length: 100 }, () => "\u0000"))).toHaveLength(20);
  });

  it("walks very deep nesting without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulPaths(deep)[0].split(".")).toHaveLength(200_000);
  });
});

describe("the asserts", () => {
  it("query: 400 VALIDATION_ERROR naming each parameter once, also for a repeated one", () => {
    const e = errorOf(() => assertNoNulInQuery("http://x/api?q=ok&q=%00&offset=0&a%00b=1"));
    expect(e).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(e?.meta?.errors).toEqual([
      { path: "q", message: "Must not contain a NUL (U+0000) character", code: "nul_byte" },
      { path: "a\ufffdb", message: "Must not contain a NUL (U+0000) character", code: "nul_byte" },
    ]);
    expect(errorOf(() => assertNoNulInQuery("http://x/api?q=%2500"))).toBeNull();
  });

  it("body: 400 with the field paths", () => {
    const e = errorOf(() => assertNoNulInBody({ urls: ["a", "b\u0000"] }));
    expect(e).toMatchObject({ status: 400, code: "VALIDATION_ERROR", meta: { errors: [{ path: "urls.1", code: "nul_byte" }] } });
    expect(errorOf(() => assertNoNulInBody(undefined))).toBeNull();
  });

  it("params: 404", () => {
    expect(errorOf(() => assertNoNulInParams({ id: "abc\u0000" }))).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(errorOf(() => assertNoNulInParams({ nextauth: ["signin", "x\u0000"] }))).toMatchObject({ status: 404 });
    expect(errorOf(() => assertNoNulInParams({ id: "abc" }))).toBeNull();
  });
});

describe("nulRejectionOf: endpoints outside route() (next-auth)", () => {
  const req = (url: string, init: RequestInit = {}) => new Request(`http://x${url}`, init);
  const form = (body: string) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });

  it.each([
    ["a NUL in the email of a sign-in form", req("/api/auth/signin/email", form("csrfToken=t&email=a%00b%40example.com&json=true")), "email"],
    ["a NUL in a JSON body", req("/api/auth/signin/email", { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"a\\u0000b"}' }), "email"],
    ["a NUL in the callback's query", req("/api/auth/callback/email?token=abc&email=a%00b%40example.com"), "email"],
    ["a session cookie decoding to a NUL", req("/api/auth/session", { headers: { cookie: "a=1; next-auth.session-token=%00" } }), "cookie.next-auth.session-token"],
  ])("%s: 400 envelope", async (_n, request, path) => {
    const res = await nulRejectionOf(request);
    expect(res?.status).toBe(400);
    expect(await res?.json()).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR", meta: { errors: [{ path, code: "nul_byte" }] } });
  });

  it("lets clean requests through, and leaves the body readable", async () => {
    const request = req("/api/auth/signin/email", form("csrfToken=t&email=a%40example.com"));
    expect(await nulRejectionOf(request)).toBeNull();
    expect(await request.text()).toBe("csrfToken=t&email=a%40example.com");
    expect(await nulRejectionOf(req("/api/auth/session", { headers: { cookie: "next-auth.session-token=%E0%A4%A" } }))).toBeNull();
  });
});

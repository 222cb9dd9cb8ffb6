// Every /api answer is JSON: the proxy's 405 for a method a route lacks, and the catch-all's 404 for
// a path no route serves. (e2e/api-envelope.spec.ts checks the same against a running server.)
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy, config } from "@/proxy";
import * as notFoundRoute from "@/app/api/[[...notFound]]/route";

const request = (method: string, path: string) => new NextRequest(`http://127.0.0.1:3000${path}`, { method });
const passesThrough = (res: Response) => res.headers.get("x-middleware-next") === "1";

describe("proxy.ts on /api", () => {
  it.each([
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["PUT", "/api/user/organizations", "GET, HEAD, OPTIONS, POST"],
    ["PUT", "/api/user/organizations/00000000-0000-4000-8000-000000000000/projects/00000000-0000-4000-8000-000000000001", "GET, HEAD, OPTIONS, DELETE, PATCH"],
    ["GET", "/api/auth/api-key/create", "OPTIONS, POST"],
    ["HEAD", "/api/auth/identify", "OPTIONS, POST"],
    ["DELETE", "/api/auth/signin/email", "GET, HEAD, OPTIONS, POST"],
    ["PROPFIND", "/api/health", "GET, HEAD, OPTIONS"],
  ])("%s %s → 405 METHOD_NOT_ALLOWED, Allow: %s", async (method, path, allow) => {
    const res = await proxy(request(method, path));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, status: 405, code: "METHOD_NOT_ALLOWED", meta: { allow: allow.split(", ") } });
    expect(body.message).toContain(`${method} is not allowed`);
  });

  it.each([
    ["GET", "/api/health"],
    ["HEAD", "/api/health"],
    ["OPTIONS", "/api/health"],
    ["POST", "/api/auth/signin/email"],
    ["GET", "/api/unknown/path"],
    ["DELETE", "/api"],
  ])("%s %s goes through (the route, Next.js, or the catch-all answers)", async (method, path) => {
    expect(passesThrough(await proxy(request(method, path)))).toBe(true);
  });

  it("answers 404 in the envelope for a method Next.js would not route on an unknown path", async () => {
    const res = await proxy(request("PROPFIND", "/api/nope"));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, status: 404, code: "NOT_FOUND", message: "No API endpoint PROPFIND /api/nope" });
  });

  it("refuses a NUL in next-auth's own endpoints (they do not go through route())", async () => {
    const signIn = new NextRequest("http://127.0.0.1:3000/api/auth/signin/email", {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "csrfToken=t&email=a%00b%40example.com&json=true",
    });
    const res = await proxy(signIn);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_ERROR", meta: { errors: [{ path: "email", code: "nul_byte" }] } });
    expect((await proxy(request("GET", "/api/auth/callback/email?token=x&email=%00"))).status).toBe(400);
    // Routes that go through route() are checked there, once.
    expect(passesThrough(await proxy(request("GET", "/api/auth/api-key/get?id=%00")))).toBe(true);
  });

  it("still sets the request path header for app pages", async () => {
    const res = await proxy(request("GET", "/projects/x?tab=urls"));
    expect(passesThrough(res)).toBe(true);
    expect(res.headers.get("x-middleware-override-headers")).toBeTruthy();
  });

  it("runs on /api but not on /api/inngest (whose bodies it must not buffer)", () => {
    const matchers = config.matcher.map((m) => new RegExp(`^${m.replace("/:path*", "(/.*)?").replace("((?!inngest).*)", "((?!inngest).*)")}$`));
    const runs = (path: string) => matchers.some((m) => m.test(path));
    expect(["/api", "/api/health", "/api/user/organizations", "/api/nope/deeper"].every(runs)).toBe(true);
    expect(runs("/api/inngest")).toBe(false);
  });
});

describe("app/api/[[...notFound]]: unknown /api paths", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)("%s answers 404 NOT_FOUND in the envelope", async (method) => {
    const res = await notFoundRoute[method](new Request("http://127.0.0.1:3000/api/does/not/exist?x=1", { method }));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: false, status: 404, code: "NOT_FOUND", message: `No API endpoint ${method} /api/does/not/exist` });
  });

  it("HEAD answers 404 too", async () => {
    expect((await notFoundRoute.HEAD(new Request("http://127.0.0.1:3000/api/nope", { method: "HEAD" }))).status).toBe(404);
  });
});

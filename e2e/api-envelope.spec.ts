import { expect, test } from "@playwright/test";

// Every /api answer is JSON, also where Next.js would answer by itself: an unknown path (its HTML
// 404 page) and a method the route does not export (an empty 405).

test("an unknown /api path answers 404 NOT_FOUND in the envelope, for every method", async ({ request }) => {
  for (const [method, path] of [["GET", "/api/no-such-endpoint"], ["POST", "/api/user/organizations/x/nothing"], ["DELETE", "/api"]] as const) {
    const res = await request.fetch(path, { method });
    expect(res.status(), `${method} ${path}`).toBe(404);
    expect(res.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
  }
});

test("a method the route lacks answers 405 METHOD_NOT_ALLOWED in the envelope, with Allow", async ({ request }) => {
  const res = await request.fetch("/api/health", { method: "DELETE" });
  expect(res.status()).toBe(405);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  expect(res.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect(await res.json()).toMatchObject({ success: false, status: 405, code: "METHOD_NOT_ALLOWED", meta: { allow: ["GET", "HEAD", "OPTIONS"] } });

  const post = await request.fetch("/api/auth/api-key/create", { method: "GET" });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("OPTIONS, POST");

  // The routes themselves still answer their own methods.
  expect([200, 503]).toContain((await request.get("/api/health")).status());
  const options = await request.fetch("/api/health", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
});

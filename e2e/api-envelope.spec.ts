import net from "node:net";
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

// Methods the Fetch standard forbids never reach Next.js's handlers (a bare 500 before, or a dropped
// connection for CONNECT): the server answers them itself. Sent raw, as no fetch client sends them.
test("TRACE and CONNECT on /api answer 405 METHOD_NOT_ALLOWED in the envelope", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  for (const method of ["TRACE", "CONNECT"]) {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(`${method} /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`));
      let out = "";
      socket.on("data", (d) => (out += d.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => resolve(out));
    });
    const [head, body] = text.split("\r\n\r\n");
    expect(head, method).toMatch(/^HTTP\/1\.1 405 /);
    expect(head.toLowerCase()).toContain("allow: get, head, options");
    expect(head.toLowerCase()).toContain("content-type: application/json");
    expect(JSON.parse(body)).toMatchObject({ success: false, status: 405, code: "METHOD_NOT_ALLOWED", meta: { allow: ["GET", "HEAD", "OPTIONS"] } });
  }
});

// TRACE and CONNECT on /api: methods the Fetch standard forbids, so Next.js cannot hand them to
// proxy.ts. The decision is proxy.ts's own (apiGate); the answer is written on the Node server.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerUnroutableMethods, unroutableMethodAnswer } from "@/lib/api/unroutable-methods";

const PROJECT = "/api/user/organizations/00000000-0000-4000-8000-000000000000/projects/00000000-0000-4000-8000-000000000001";

describe("unroutableMethodAnswer", () => {
  it.each([
    ["TRACE", "/api/ping", "GET, HEAD, OPTIONS"],
    ["TRACE", "/api/health/", "GET, HEAD, OPTIONS"],
    ["CONNECT", `${PROJECT}?x=1`, "GET, HEAD, OPTIONS, DELETE, PATCH"],
  ])("%s %s → 405 METHOD_NOT_ALLOWED in the envelope, Allow: %s", async (method, url, allow) => {
    const res = unroutableMethodAnswer(method, url)!;
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ success: false, status: 405, code: "METHOD_NOT_ALLOWED", meta: { allow: allow.split(", ") } });
  });

  it("answers 404 on an /api path no route serves, as for other methods Next.js does not route", async () => {
    const res = unroutableMethodAnswer("TRACE", "/api/nope")!;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, status: 404, code: "NOT_FOUND", message: "No API endpoint TRACE /api/nope" });
  });

  it.each([
    ["GET", "/api/ping"], ["PROPFIND", "/api/ping"], ["TRACK", "/api/ping"], ["TRACE", "/projects"], ["TRACE", "/apix"], ["CONNECT", "example.com:443"], [undefined, "/api/ping"],
  ])("leaves %s %s alone", (method, url) => {
    expect(unroutableMethodAnswer(method, url)).toBeNull();
  });
});

/** One raw request on its own connection: Node's own clients refuse to send TRACE with a body or CONNECT to a path. */
function raw(port: number, requestLine: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\n\r\n`));
    let text = "";
    socket.on("data", (d) => (text += d.toString("utf8")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1] ?? 0), headers: head.toLowerCase(), body });
    });
    setTimeout(() => socket.end(), 1000);
  });
}

describe("on a Node HTTP server", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    answerUnroutableMethods();
    server = http.createServer((req, res) => res.end(`handled ${req.method}`));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it.each(["TRACE", "CONNECT"])("answers %s /api/ping with 405 in the envelope", async (method) => {
    const res = await raw(port, `${method} /api/ping HTTP/1.1`);
    expect(res.status).toBe(405);
    expect(res.headers).toContain("allow: get, head, options");
    expect(JSON.parse(res.body)).toMatchObject({ success: false, status: 405, code: "METHOD_NOT_ALLOWED" });
  });

  it("passes other requests to the server's handler", async () => {
    const res = await raw(port, "GET /api/ping HTTP/1.1");
    expect(res.status).toBe(200);
    expect(res.body).toContain("handled GET");
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as identify } from "@/app/api/auth/identify/route";
import { guardClientAddress } from "@/lib/rate-limit/client-address";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { STORES, dropCounters, openStore, policies, uniquePrefix } from "./stores";

/**
 * A real HTTP server in front of the identify route, handing it the request as Next.js does (a
 * Request built from the Node request's headers), so the guard installed on http.Server applies.
 */
async function serveIdentify() {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    const answer = await identify(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }), { params: Promise.resolve({}) });
    res.writeHead(answer.status, { "x-seen-forwarded-for": headers.get("x-forwarded-for") ?? "" });
    res.end(await answer.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/identify` };
}

function post(url: string, forwardedFor: string) {
  return new Promise<{ status: number; seen: string }>((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor }, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, seen: String(res.headers["x-seen-forwarded-for"]) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ email: "someone@example.test" }));
  });
}

describe("the client IP of anonymous routes", () => {
  const spec = STORES[0];
  const prefix = uniquePrefix("client-ip");
  let served: Awaited<ReturnType<typeof serveIdentify>>;
  beforeAll(async () => {
    guardClientAddress();
    await replaceRateLimits(createRateLimits(openStore(spec), policies({ anonymous: { points: 2, duration: 60 } }), prefix));
    served = await serveIdentify();
  });
  afterAll(async () => {
    served.server.close();
    delete process.env.TRUST_PROXY;
    await replaceRateLimits(undefined);
    await dropCounters(spec, prefix);
  });

  it("is the socket address by default: a client's own X-Forwarded-For changes nothing", async () => {
    const answers = [await post(served.url, "198.51.100.1"), await post(served.url, "198.51.100.2"), await post(served.url, "198.51.100.3")];
    expect(answers.map((a) => a.seen)).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
  });

  it("is the first X-Forwarded-For hop with TRUST_PROXY=1, each client counted on its own", async () => {
    process.env.TRUST_PROXY = "1";
    const a = [await post(served.url, "192.0.2.10, 10.0.0.1"), await post(served.url, "192.0.2.10, 10.0.0.2"), await post(served.url, "192.0.2.10")];
    expect(a[0].seen).toBe("192.0.2.10, 10.0.0.1");
    expect(a.map((x) => x.status)).toEqual([200, 200, 429]);
    expect((await post(served.url, "192.0.2.11, 10.0.0.1")).status).toBe(200);
  });
});

// A URL page read again unchanged goes to a browser as the gzip made for its last answer (lib/api/gzip-answers.ts):
// the bytes it decodes to must be exactly the answer's text, a change of any URL must be sent afresh, and a client
// that does not take gzip (or a HEAD, or a small answer) must get the answer as before.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/route";
import { installKeptEncodings, KEPT_ENCODING_HEADER, prefersGzip } from "@/lib/api/gzip-answers";
import { db } from "@/lib/db";
import { bearer } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { admit, projectFor, urlsOn, type Target } from "./helpers";

// Next.js's own answer path under `next start` (server/lib/router-server.js, send-response.js): its compression
// middleware on the Node response, then the route handler's Response copied onto it through NodeNextResponse.
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
const nextRequire = createRequire(import.meta.url);
const compression = nextRequire("next/dist/compiled/compression") as () => Middleware;
const { sendResponse } = nextRequire("next/dist/server/send-response") as { sendResponse: (req: unknown, res: unknown, answer: Response) => Promise<void> };
const { NodeNextRequest, NodeNextResponse } = nextRequire("next/dist/server/base-http/node") as {
  NodeNextRequest: new (req: http.IncomingMessage) => unknown; NodeNextResponse: new (res: http.ServerResponse) => unknown;
};

let alice: TestUser;
let mallory: TestUser;
let t: Target;
beforeAll(async () => {
  installKeptEncodings(); // as instrumentation.ts does
  [alice, mallory] = await Promise.all([createTestUser("urls-gzip-alice"), createTestUser("urls-gzip-mallory")]);
  t = await projectFor(alice);
  expect((await admit(t, urlsOn(t.domain, 12))).res.status).toBe(200);
});

const BROWSER = "gzip, deflate, br, zstd";

/** The answer as it leaves the handler: its headers and its bytes decoded as the client would (gzip or not). */
async function ask(query: string, headers: Record<string, string> = {}, method = "GET", target: Target = t) {
  const req = new Request(`http://127.0.0.1:3000/api/user/organizations/${target.orgId}/projects/${target.projectId}/urls${query}`, {
    method, headers: { ...target.headers, ...headers },
  });
  const res = await urlsRoute.GET(req, { params: Promise.resolve({ organizationId: target.orgId, id: target.projectId }) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const gzipped = res.headers.get(KEPT_ENCODING_HEADER) === "gzip";
  return { res, gzipped, text: (gzipped ? gunzipSync(bytes) : bytes).toString("utf8") };
}

describe("URL list: the kept gzip of an unchanged page", () => {
  it("the first answer is text; the same answer again is its gzip, decoding to the same bytes with the same headers", async () => {
    const first = await ask("?offset=0&limit=50", { "accept-encoding": BROWSER });
    expect(first.res.status).toBe(200);
    expect(first.gzipped).toBe(false);
    expect(JSON.parse(first.text).data).toHaveLength(12);
    const second = await ask("?offset=0&limit=50", { "accept-encoding": BROWSER });
    expect(second.gzipped).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.res.headers.get("content-type")).toBe(first.res.headers.get("content-type"));
    expect(second.res.headers.get("cache-control")).toBe("no-store");
    // The same page asked another way (the query's order, an explicit default) is the same page.
    expect((await ask("?limit=50&offset=0", { "accept-encoding": "gzip" })).text).toBe(first.text);
  });

  it("a URL changed since is sent afresh, then kept again", async () => {
    const before = JSON.parse((await ask("?limit=50", { "accept-encoding": BROWSER })).text).data as { id: string }[];
    await ask("?limit=50", { "accept-encoding": BROWSER });
    await db.$executeRaw`UPDATE tracked_urls SET http_status = 418 WHERE id = ${before[3].id}::uuid`;
    const changed = await ask("?limit=50", { "accept-encoding": BROWSER });
    expect(changed.gzipped).toBe(false);
    expect(JSON.parse(changed.text).data[3]).toMatchObject({ id: before[3].id, httpStatus: 418 });
    const again = await ask("?limit=50", { "accept-encoding": BROWSER });
    expect(again.gzipped).toBe(true);
    expect(again.text).toBe(changed.text);
  });

  it("a client that does not take gzip first, a HEAD and a small answer go out as text", async () => {
    for (const encoding of [undefined, "identity", "gzip;q=0", "deflate", "identity;q=1, gzip;q=0.5", "br"]) {
      const headers: Record<string, string> = encoding === undefined ? {} : { "accept-encoding": encoding };
      await ask("?limit=50", headers);
      const answer = await ask("?limit=50", headers);
      expect(answer.gzipped, String(encoding)).toBe(false);
      expect(JSON.parse(answer.text).data).toHaveLength(12);
    }
    await ask("?limit=50", { "accept-encoding": BROWSER }, "HEAD");
    expect((await ask("?limit=50", { "accept-encoding": BROWSER }, "HEAD")).gzipped).toBe(false);
    // One URL: under 1 KB, which Next.js would not compress either.
    await ask("?limit=1&q=nomatch", { "accept-encoding": BROWSER });
    const small = await ask("?limit=1&q=nomatch", { "accept-encoding": BROWSER });
    expect(small.gzipped).toBe(false);
    expect(JSON.parse(small.text).data).toEqual([]);
  });

  it("another organization asking for the page after it was kept gets 404, not the gzip", async () => {
    await ask("?limit=50", { "accept-encoding": BROWSER });
    const other = await ask("?limit=50", { "accept-encoding": BROWSER }, "GET", { ...t, headers: bearer(mallory.sessionToken) });
    expect(other.res.status).toBe(404);
    expect(other.gzipped).toBe(false);
    expect(other.text).not.toContain(t.domain);
  });
});

describe("URL list through Next.js's answer path on a real server", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const compress = compression();
    server = http.createServer((req, res) => {
      compress(req, res, () => {});
      const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string> });
      void urlsRoute.GET(request, { params: Promise.resolve({ organizationId: t.orgId, id: t.projectId }) })
        .then((answer) => sendResponse(new NodeNextRequest(req), new NodeNextResponse(res), answer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/user/organizations/${t.orgId}/projects/${t.projectId}/urls`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw bytes on the wire and their headers (no decoding by the client). */
  const raw = (query: string, encoding: string) => new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(`${base}${query}`, { headers: { ...t.headers, "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) })).on("error", reject);
    }).on("error", reject);
  });

  it("every answer to a browser is gzip once (never twice), decoding to the plain answer, and the marker header stays inside", async () => {
    const plain = await raw("?offset=0&limit=50&q=", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString("utf8")).data).toHaveLength(12);
    for (let i = 0; i < 3; i++) {
      const answer = await raw("?offset=0&limit=50&q=", BROWSER);
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers[KEPT_ENCODING_HEADER]).toBeUndefined();
      expect(gunzipSync(answer.body).toString("utf8")).toBe(plain.body.toString("utf8"));
    }
  });
});

describe("prefersGzip: what Next.js's compression would send", () => {
  it.each([
    ["gzip, deflate, br, zstd", true], ["gzip", true], ["*", true], ["deflate, gzip", true], ["GZIP ;q=0.8, br", true],
    ["gzip;q=0.5, deflate;q=0.9", false], ["gzip;q=0", false], ["identity", false], ["identity, gzip;q=0.5", false],
    ["br, zstd", false], ["*;q=0", false], ["", false], [null, false], ["gzip;q=x", false],
  ])("%s → %s", (header, expected) => {
    expect(prefersGzip(header)).toBe(expected);
  });
});

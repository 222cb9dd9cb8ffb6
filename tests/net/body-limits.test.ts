import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSafeFetcher, SafeFetchFailure, type SafeFetchResult, type SafeFetcher } from "@/lib/net/safe-fetch";
import { startTestSite, type Encoding, type TestSite } from "../fakes/test-site";

let site: TestSite;
let fetcher: SafeFetcher;
const MB = 1024 * 1024;
// Random hex: about 2:1 under compression, so only the size caps apply, never the ratio.
const TEXT = Buffer.from(randomBytes(1.5 * MB).toString("hex"));

function kind(result: SafeFetchResult) {
  return result.ok ? `ok ${result.status}` : result.error.kind;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function streamFailure(body: NodeJS.ReadableStream): Promise<SafeFetchFailure> {
  const error = await readAll(body).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchFailure);
  return error as SafeFetchFailure;
}

beforeAll(async () => {
  site = await startTestSite();
  fetcher = createSafeFetcher({ connectTo: site.connectTo(), tlsCa: site.ca });
});
afterAll(async () => {
  await site.close();
});
beforeEach(() => site.reset());

describe("content decoding", () => {
  it.each<Encoding | "identity">(["gzip", "deflate", "deflate-raw", "br", "identity"])("decodes %s", async (encoding) => {
    site.route("/text", { body: TEXT, encoding: encoding === "identity" ? undefined : encoding, chunked: encoding === "br" });
    const result = await fetcher.fetch("https://site.test/text");
    expect(kind(result)).toBe("ok 200");
    expect(result.ok && result.body.equals(TEXT)).toBe(true);
  });

  it("refuses a corrupt body and an unknown encoding as http_protocol", async () => {
    site.route("/corrupt", { body: "this is not gzip at all", headers: { "content-encoding": "gzip" } });
    site.route("/zstd", { body: "whatever", headers: { "content-encoding": "zstd" } });
    expect(kind(await fetcher.fetch("https://site.test/corrupt"))).toBe("http_protocol");
    expect(kind(await fetcher.fetch("https://site.test/zstd"))).toBe("http_protocol");
  });
});

describe("size caps", () => {
  it("refuses a body over maxBodyBytes, declared or chunked", async () => {
    site.route("/declared", { body: TEXT });
    site.route("/chunked", { body: TEXT, chunked: true });
    for (const path of ["/declared", "/chunked"]) {
      const result = await fetcher.fetch(`https://site.test${path}`, { maxBodyBytes: MB });
      expect(!result.ok && result.error).toMatchObject({ kind: "too_large", url: `https://site.test${path}` });
    }
  });

  it("caps the wire at 10 MB by default", async () => {
    site.route("/big", { body: Buffer.alloc(11 * MB, 120), chunked: true });
    expect(kind(await fetcher.fetch("https://site.test/big"))).toBe("too_large");
  });

  it("caps the decoded size separately from the wire", async () => {
    site.route("/inflates", { body: TEXT, encoding: "gzip" });
    const result = await fetcher.fetch("https://site.test/inflates", { maxDecodedBytes: MB });
    expect(!result.ok && result.error.message).toMatch(/decoded body exceeds/);
    expect(kind(result)).toBe("too_large");
  });
});

describe("decompression bombs", () => {
  it("refuses a gzip bomb (120 MB of zeros) long before expanding it", async () => {
    site.route("/bomb", { gzipBomb: 120 * MB });
    const result = await fetcher.fetch("https://site.test/bomb");
    expect(kind(result)).toBe("decompression_bomb");
    const decoded = Number(/decoded (\d+) bytes/.exec(!result.ok ? result.error.message : "")?.[1]);
    expect(decoded).toBeGreaterThan(MB);
    expect(decoded).toBeLessThan(16 * MB);
  });

  it.each<["br" | "deflate", (b: Buffer) => Buffer]>([
    ["br", (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })],
    ["deflate", (b) => zlib.deflateSync(b, { level: 9 })],
  ])("refuses a %s bomb", async (encoding, compress) => {
    const bomb = compress(Buffer.alloc(64 * MB));
    expect(bomb.length).toBeLessThan(MB / 4);
    site.route("/bomb", { body: bomb, headers: { "content-encoding": encoding } });
    expect(kind(await fetcher.fetch("https://site.test/bomb"))).toBe("decompression_bomb");
  });

  it("lets a caller relax the ratio and still holds the decoded cap", async () => {
    site.route("/bomb", { gzipBomb: 120 * MB });
    const result = await fetcher.fetch("https://site.test/bomb", { maxRatio: Infinity, maxDecodedBytes: 5 * MB });
    expect(kind(result)).toBe("too_large");
  });
});

describe("safeFetchStream", () => {
  it("streams the decoded body with its metadata", async () => {
    site.route("/sitemap.xml", { body: TEXT, encoding: "gzip", headers: { "content-type": "application/xml" } });
    const result = await fetcher.stream("https://site.test/sitemap.xml");
    expect(result).toMatchObject({ ok: true, status: 200, finalUrl: "https://site.test/sitemap.xml" });
    if (!result.ok) return;
    expect(result.headers["content-type"]).toBe("application/xml");
    expect((await readAll(result.body)).equals(TEXT)).toBe(true);
  });

  it("fails the stream with a typed error when a limit is crossed", async () => {
    site.route("/bomb", { gzipBomb: 120 * MB });
    site.route("/big", { body: TEXT, chunked: true });
    const bomb = await fetcher.stream("https://site.test/bomb");
    expect(bomb.ok && (await streamFailure(bomb.body)).kind).toBe("decompression_bomb");
    const big = await fetcher.stream("https://site.test/big", { maxBodyBytes: MB });
    expect(big.ok && (await streamFailure(big.body)).kind).toBe("too_large");
  });

  it("fails a stalled stream at the total deadline", async () => {
    site.route("/stall", { body: TEXT, stallBody: true });
    const result = await fetcher.stream("https://site.test/stall", { totalTimeoutMs: 400 });
    expect(result.ok && (await streamFailure(result.body)).kind).toBe("timeout");
  });

  it("returns typed errors before streaming, and frees the per-host slot when a stream closes", async () => {
    const single = createSafeFetcher({ connectTo: site.connectTo(), tlsCa: site.ca, maxPerHost: 1 });
    expect(kind((await single.stream("https://127.0.0.1/")) as SafeFetchResult)).toBe("blocked");
    site.route("/small", { body: "small" });
    for (let i = 0; i < 3; i++) {
      const result = await single.stream("https://site.test/small", { totalTimeoutMs: 2_000 });
      expect(result.ok && (await readAll(result.body)).toString()).toBe("small");
    }
    const abandoned = await single.stream("https://site.test/small", { totalTimeoutMs: 2_000 });
    if (abandoned.ok) abandoned.body.destroy();
    const next = await single.fetch("https://site.test/small", { totalTimeoutMs: 2_000 });
    expect(kind(next)).toBe("ok 200");
  });
});

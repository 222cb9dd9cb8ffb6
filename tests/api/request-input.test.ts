import { describe, expect, it } from "vitest";
import { bearerToken, uploadBodyOf } from "@/lib/api/request-input";
import { readUploadBytes } from "@/lib/core/upload-body";

// The edge hands a verb plain values (lib/api/request-input.ts): the body is read only when the verb reads it, and a
// reader that stops (a body past its limit) cancels the rest instead of reading on.
const tooLarge = () => new Error("too large");

/** An endless body of 8-byte chunks that counts what was pulled and whether it was cancelled. */
function endlessBody() {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(c) { seen.pulled++; c.enqueue(new Uint8Array(8).fill(seen.pulled)); },
    cancel() { seen.cancelled = true; },
  }, { highWaterMark: 0 });
  const req = new Request("http://edge.test/", { method: "POST", body: stream, headers: { "content-type": "application/x-ndjson" }, duplex: "half" } as RequestInit);
  return { req, seen };
}

describe("the edge's request input", () => {
  it("reads nothing until the verb reads, then stops and cancels the body once it passes the limit", async () => {
    const { req, seen } = endlessBody();
    const body = uploadBodyOf(req);
    expect(body).toMatchObject({ contentType: "application/x-ndjson", contentEncoding: null });
    expect(Number.isNaN(body.declaredBytes)).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.pulled).toBe(0);
    await expect(readUploadBytes(body, 20, tooLarge)).rejects.toThrow("too large");
    expect(seen.pulled).toBe(3);
    expect(seen.cancelled).toBe(true);
  });

  it("refuses a declared length past the limit before reading, and reads a body within it whole", async () => {
    const declared = new Request("http://edge.test/", { method: "POST", body: "x".repeat(30), headers: { "content-length": "30" } });
    await expect(readUploadBytes(uploadBodyOf(declared), 20, tooLarge)).rejects.toThrow("too large");
    const small = new Request("http://edge.test/", { method: "POST", body: "hello" });
    expect(new TextDecoder().decode(await readUploadBytes(uploadBodyOf(small), 20, tooLarge))).toBe("hello");
    expect(uploadBodyOf(new Request("http://edge.test/")).chunks).toBeNull();
  });

  it("reads a bearer token, and null without one", () => {
    expect(bearerToken(new Request("http://edge.test/", { headers: { authorization: "Bearer abc.def " } }))).toBe("abc.def");
    expect(bearerToken(new Request("http://edge.test/", { headers: { authorization: "Basic abc" } }))).toBeNull();
    expect(bearerToken(new Request("http://edge.test/"))).toBeNull();
  });
});

import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { SafeFetchFailure } from "@/lib/net/safe-fetch";
import { MAX_HEAD_BYTES, readPage } from "./read-page";

const URL_ = "https://shop.example/p";

/** A body of the given chunks, counting how many were pulled. */
function body(chunks: (string | Buffer)[], fail?: Error) {
  const stats = { pulled: 0 };
  let i = 0;
  const stream = new Readable({
    read() {
      if (i < chunks.length) {
        stats.pulled++;
        const c = chunks[i++];
        this.push(typeof c === "string" ? Buffer.from(c) : c);
      } else if (fail) this.destroy(fail);
      else this.push(null);
    },
  });
  return { stream, stats };
}

describe("readPage", () => {
  it("parses the head of text/html and stops pulling once head and sniff are complete", async () => {
    const { stream, stats } = body(["<html><head><meta name=robots content=noindex></head>", ...Array.from({ length: 50 }, () => "x".repeat(16 * 1024))]);
    const page = await readPage(stream, { contentType: "text/html; charset=utf-8", parseHead: true, sniff: true, documentUrl: URL_ });
    expect(page.head?.robotsMeta).toEqual([{ name: "robots", content: "noindex" }]);
    expect(page.sniff.length).toBe(32 * 1024);
    expect(stats.pulled).toBeLessThan(6);
    expect(stream.destroyed).toBe(true);
  });

  it("stops right after the head when no challenge is possible, and reads nothing of a non-2xx answer then", async () => {
    const chunks = ["<html><head><title>x</title></head>", ...Array.from({ length: 50 }, () => "x".repeat(16 * 1024))];
    const page = body(chunks);
    expect((await readPage(page.stream, { contentType: "text/html", parseHead: true, sniff: false, documentUrl: URL_ })).sniff).toBe("");
    expect(page.stats.pulled).toBe(1);
    const notFound = body(chunks);
    expect(await readPage(notFound.stream, { contentType: "text/html", parseHead: false, sniff: false, documentUrl: URL_ })).toMatchObject({ head: null, sniff: "" });
    expect(notFound.stats.pulled).toBe(0);
  });

  it("does not read bodies that are neither HTML nor text", async () => {
    const { stream, stats } = body([Buffer.alloc(1000)]);
    const page = await readPage(stream, { contentType: "application/pdf", parseHead: true, sniff: true, documentUrl: URL_ });
    expect(page).toMatchObject({ html: false, head: null, sniff: "" });
    expect(stats.pulled).toBe(0);
  });

  it("sniffs a missing Content-Type once, from the start only", async () => {
    const notHtml = body(["plain words ".repeat(50), "<html><head><meta name=robots content=noindex>"]);
    expect(await readPage(notHtml.stream, { contentType: undefined, parseHead: true, sniff: false, documentUrl: URL_ })).toMatchObject({ html: false, head: null });
    const html = body(["\uFEFF  <!DOCTYPE html><html><head><meta name=robots content=noindex>"]);
    const page = await readPage(html.stream, { contentType: "", parseHead: true, sniff: false, documentUrl: URL_ });
    expect(page.html).toBe(true);
    expect(page.head?.robotsMeta).toHaveLength(1);
  });

  it("gives up on a head after 1 MiB", async () => {
    const chunks = ["<html><head><meta name=robots content=noindex>", ...Array.from({ length: 200 }, () => `<script>${"x".repeat(16 * 1024)}</script>`)];
    const { stream, stats } = body(chunks);
    const page = await readPage(stream, { contentType: "text/html", parseHead: true, sniff: false, documentUrl: URL_ });
    expect(page.head?.robotsMeta).toHaveLength(1);
    expect(stats.pulled * 16 * 1024).toBeLessThan(MAX_HEAD_BYTES + 64 * 1024);
  });

  it("reports a failure while reading and keeps what was seen", async () => {
    const failure = new SafeFetchFailure("timeout", "no complete answer within 300 ms", URL_);
    const { stream } = body(["<html><head><title>x"], failure);
    const page = await readPage(stream, { contentType: "text/html", parseHead: true, sniff: false, documentUrl: URL_ });
    expect(page.failure).toMatchObject({ kind: "timeout" });
    expect(page.html).toBe(true);
  });

  it("decodes the declared charset", async () => {
    const { stream } = body([Buffer.from("<head><link rel=canonical href='/caf\xe9'>", "latin1")]);
    const page = await readPage(stream, { contentType: "text/html; charset=ISO-8859-1", parseHead: true, sniff: false, documentUrl: URL_ });
    expect(page.head?.canonical).toBe("https://shop.example/caf%C3%A9");
  });
});

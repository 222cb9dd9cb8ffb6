import { checkLoc, MAX_LOC_LENGTH } from "./loc";
import { byteChunks } from "./source";
import {
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  SitemapParseError,
  type ByteSource,
  type SitemapEvent,
  type SitemapParseOptions,
} from "./types";

/**
 * Streams a plain-text sitemap (one absolute URL per UTF-8 line, CRLF/LF/CR). Blank lines are
 * skipped; every other line counts toward `maxUrls` and is yielded as a url or a rejected entry.
 * An overlong line is rejected without being buffered beyond the URL length limit.
 */
export async function* parseTextSitemap(source: ByteSource, options: SitemapParseOptions = {}): AsyncGenerator<SitemapEvent> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const maxBytes = options.maxBytes ?? SITEMAP_MAX_BYTES;
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  let lines = 0;
  let carry = "";
  let overlong = false;

  function* emit(line: string, tooLong: boolean): Generator<SitemapEvent> {
    if (!tooLong && line.trim() === "") return;
    if (++lines > maxUrls) throw new SitemapParseError("too_many_urls", `more than ${maxUrls} URLs`);
    if (tooLong) {
      yield { kind: "rejected", entry: "url", value: line.trim().slice(0, MAX_LOC_LENGTH), reason: "invalid_url" };
      return;
    }
    const check = checkLoc(line, options.baseUrl);
    if (check.ok) yield { kind: "url", loc: check.href };
    else yield { kind: "rejected", entry: "url", value: check.value, reason: check.reason, resolved: check.resolved };
  }

  // CR, LF and CRLF all end a line; CRLF leaves an empty line between, which is skipped anyway.
  function* consume(text: string, final: boolean): Generator<SitemapEvent> {
    const parts = (carry + text).split(/[\r\n]/);
    carry = final ? "" : (parts.pop() ?? "");
    for (const line of parts) {
      yield* emit(line, overlong);
      overlong = false;
    }
    if (carry.length > MAX_LOC_LENGTH + 1) {
      overlong = true;
      carry = carry.slice(0, MAX_LOC_LENGTH + 1);
    }
  }

  for await (const chunk of byteChunks(source)) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw new SitemapParseError("too_large", `larger than ${maxBytes} bytes`);
    yield* consume(decoder.decode(chunk, { stream: true }), false);
  }
  yield* consume(decoder.decode(), true);
}

import { SaxesParser } from "saxes";
import { parseLastmod } from "./lastmod";
import { checkLoc } from "./loc";
import { byteChunks } from "./source";
import {
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  SitemapParseError,
  type ByteSource,
  type SitemapEvent,
  type SitemapParseOptions,
} from "./types";

// Sitemaps nest three levels (urlset > url > loc) plus extensions such as image:image > image:loc;
// anything much deeper is hostile and would only grow the parser's tag stack.
const MAX_DEPTH = 32;
// Bounds what the parser may buffer for one text node, comment, CDATA section, name or DTD, so
// a single giant token cannot make memory grow with the input.
const MAX_TOKEN_CHARS = 256 * 1024;

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * Streams a urlset or sitemapindex document, yielding a `root` event and then one event per
 * `<url>`/`<sitemap>` as soon as its closing tag is read. Element names are matched by local name,
 * so any namespace (the standard one, none, or a prefix) is accepted. Only `<loc>` and `<lastmod>`
 * that are direct children of an entry count (never image:loc and the like). DTDs are refused, so
 * entities are never declared, let alone expanded. Failures throw a SitemapParseError after every
 * entry read before them has been yielded.
 */
export async function* parseSitemapStream(source: ByteSource, options: SitemapParseOptions = {}): AsyncGenerator<SitemapEvent> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const maxBytes = options.maxBytes ?? SITEMAP_MAX_BYTES;
  const parser = new SaxesParser({ position: false });
  const pending: SitemapEvent[] = [];
  let depth = 0;
  let entryName: "url" | "sitemap" | null = null;
  let inEntry = false;
  let field: "loc" | "lastmod" | null = null;
  let text = "";
  let loc: string | undefined;
  let lastmod: string | undefined;
  let entries = 0;

  const fail = (message: string): never => {
    throw new SitemapParseError("parse_error", message);
  };
  const onText = (t: string) => {
    text += t;
  };

  parser.on("error", (err) => fail(err.message));
  parser.on("doctype", () => fail("DTD not allowed"));
  parser.on("opentag", (tag) => {
    depth++;
    if (depth > MAX_DEPTH) fail(`elements nested deeper than ${MAX_DEPTH}`);
    const name = localName(tag.name);
    if (depth === 1) {
      if (name === "urlset") entryName = "url";
      else if (name === "sitemapindex") entryName = "sitemap";
      else fail(`root element <${tag.name.slice(0, 100)}> is neither urlset nor sitemapindex`);
      pending.push({ kind: "root", type: name === "urlset" ? "urlset" : "sitemapindex" });
    } else if (depth === 2 && name === entryName) {
      inEntry = true;
      loc = undefined;
      lastmod = undefined;
    } else if (depth === 3 && inEntry && (name === "loc" || name === "lastmod")) {
      field = name;
      text = "";
      // Text is collected only inside loc/lastmod; elsewhere the parser does not even buffer it.
      parser.on("text", onText);
    }
  });
  parser.on("cdata", (t) => {
    if (field) text += t;
  });
  parser.on("closetag", () => {
    if (field && depth === 3) {
      parser.off("text");
      if (field === "loc" && loc === undefined) loc = text;
      if (field === "lastmod" && lastmod === undefined) lastmod = text;
      field = null;
    } else if (inEntry && depth === 2) {
      inEntry = false;
      if (++entries > maxUrls) throw new SitemapParseError("too_many_urls", `more than ${maxUrls} entries`);
      const kind = entryName ?? "url";
      const check = checkLoc(loc ?? "", options.baseUrl);
      if (check.ok) pending.push({ kind, loc: check.href, lastmod: parseLastmod(lastmod) });
      else pending.push({ kind: "rejected", entry: kind, value: check.value, reason: check.reason, resolved: check.resolved });
    }
    depth--;
  });

  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  let rootSeen = false;
  let head = "";
  const feed = (chunk: string) => {
    if (!rootSeen) {
      // Refuse a DTD as soon as it starts instead of letting the parser buffer its internal subset.
      head = head.slice(-8) + chunk;
      if (head.includes("<!DOCTYPE")) fail("DTD not allowed");
    }
    parser.write(chunk);
    rootSeen ||= depth > 0;
    guardTokenSize(parser);
  };

  let failure: unknown = null;
  try {
    for await (const chunk of byteChunks(source)) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new SitemapParseError("too_large", `larger than ${maxBytes} bytes`);
      feed(decoder.decode(chunk, { stream: true }));
      yield* pending.splice(0);
    }
    feed(decoder.decode());
    parser.close();
  } catch (err) {
    failure = err;
  }
  yield* pending.splice(0);
  if (failure) throw failure;
}

// saxes exposes no limit of its own; these are the fields holding the token being read.
function guardTokenSize(parser: SaxesParser): void {
  const internal = parser as unknown as { text?: string; name?: string };
  if ((internal.text?.length ?? 0) > MAX_TOKEN_CHARS || (internal.name?.length ?? 0) > MAX_TOKEN_CHARS) {
    throw new SitemapParseError("parse_error", `a single token is longer than ${MAX_TOKEN_CHARS} characters`);
  }
}

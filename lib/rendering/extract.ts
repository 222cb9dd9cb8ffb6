// What a document says to a search engine, read the same way from the raw HTML (as served) and from the
// rendered DOM (after scripts ran): one parser for both sides, so a difference is the page's, not ours.
import crypto from "node:crypto";
import { Parser } from "htmlparser2";
import { resolve } from "@/lib/audit/parse-head";

export interface Hreflang {
  lang: string;
  href: string;
}

export interface PageFacts {
  title: string | null;
  metaDescription: string | null;
  /** The content of every robots meta tag read by Google (`robots`, `googlebot`), in order. */
  metaRobots: string[];
  /** A robots meta tag for Google says noindex (or none). */
  noindex: boolean;
  /** `nosnippet` in a robots meta tag for Google. */
  nosnippet: boolean;
  /** `max-snippet:N` in a robots meta tag for Google (the smallest); null when absent. */
  maxSnippet: number | null;
  /** Elements marked `data-nosnippet`. */
  dataNosnippet: number;
  /** The first `<link rel=canonical>`, resolved; null when absent. */
  canonical: string | null;
  /** The text of the first `<h1>`, whitespace collapsed. */
  h1: string | null;
  hreflang: Hreflang[];
  /** schema.org types of JSON-LD blocks and microdata, sorted, each once. */
  structuredDataTypes: string[];
  /** Distinct links (`<a href>`) to the same host, without fragment. */
  internalLinks: number;
  /** Up to 50 of them, sorted. */
  internalLinkSample: string[];
  /** Characters of visible text (whitespace collapsed). */
  textLength: number;
  /** The first 16 hex digits of the SHA-256 of the visible text. */
  textHash: string;
}

const MAX_TEXT = 2_000_000;
const SKIP_TEXT = new Set(["script", "style", "noscript", "template", "head", "title", "svg", "iframe", "object", "textarea"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const GOOGLE_ROBOTS = new Set(["robots", "googlebot"]);

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Reads the facts of an HTML document served (or rendered) at `documentUrl`. */
export function extractFacts(html: string, documentUrl: string): PageFacts {
  const reading = startReading(documentUrl);
  const parser = new Parser(
    {
      onopentag: (name, attrs) => openTag(reading, name, attrs),
      ontext: (data) => readText(reading, data),
      onclosetag: (name) => closeTag(reading, name),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: reading.title,
    metaDescription: reading.metaDescription,
    ...robotsFacts(reading.metaRobots),
    dataNosnippet: reading.dataNosnippet,
    canonical: reading.canonical,
    h1: reading.h1 ?? (reading.h1Depth > 0 ? collapse(reading.h1Text) : null),
    hreflang: reading.hreflang.sort((a, b) => a.lang.localeCompare(b.lang) || a.href.localeCompare(b.href)),
    structuredDataTypes: [...reading.types].sort(),
    ...linkFacts(reading),
    ...textFacts(reading),
  };
}

/** What the parser has read so far, as it walks the document once. */
interface Reading {
  documentUrl: string;
  host: string;
  /** The document's URL, or its first `<base href>`, against which links are resolved. */
  base: string;
  sawBase: boolean;
  /** Open elements (void ones never pushed). */
  stack: string[];
  /** How deep inside elements whose text is not visible (SKIP_TEXT). */
  skip: number;
  title: string | null;
  inTitle: boolean;
  titleText: string;
  metaDescription: string | null;
  metaRobots: string[];
  canonical: string | null;
  sawCanonical: boolean;
  hreflang: Hreflang[];
  h1: string | null;
  h1Depth: number;
  h1Text: string;
  /** Every `<a href>` as written: resolved at the end, against the base however late it came. */
  pendingLinks: string[];
  dataNosnippet: number;
  types: Set<string>;
  /** The text of the JSON-LD block being read; null outside one. */
  jsonLd: string | null;
  text: string[];
  textChars: number;
}

function startReading(documentUrl: string): Reading {
  let host = "";
  try {
    host = new URL(documentUrl).hostname;
  } catch {
    // not a URL: no link is internal
  }
  return {
    documentUrl,
    host,
    base: documentUrl,
    sawBase: false,
    stack: [],
    skip: 0,
    title: null,
    inTitle: false,
    titleText: "",
    metaDescription: null,
    metaRobots: [],
    canonical: null,
    sawCanonical: false,
    hreflang: [],
    h1: null,
    h1Depth: 0,
    h1Text: "",
    pendingLinks: [],
    dataNosnippet: 0,
    types: new Set(),
    jsonLd: null,
    text: [],
    textChars: 0,
  };
}

function openTag(r: Reading, name: string, attrs: Record<string, string>) {
  if (!VOID.has(name)) r.stack.push(name);
  if (SKIP_TEXT.has(name)) r.skip++;
  if ("data-nosnippet" in attrs) r.dataNosnippet++;
  if (attrs.itemtype) for (const t of attrs.itemtype.split(/\s+/)) addType(r.types, t);
  switch (name) {
    case "base":
      if (!r.sawBase && attrs.href !== undefined) {
        r.sawBase = true;
        r.base = resolve(attrs.href, r.documentUrl) ?? r.documentUrl;
      }
      break;
    case "title":
      if (r.title === null && r.stack.filter((t) => t === "svg").length === 0) {
        r.inTitle = true;
        r.titleText = "";
      }
      break;
    case "meta":
      readMeta(r, attrs);
      break;
    case "link":
      readLink(r, attrs);
      break;
    case "h1":
      if (r.h1 === null) {
        r.h1Depth++;
        if (r.h1Depth === 1) r.h1Text = "";
      }
      break;
    case "a":
      if (attrs.href !== undefined) r.pendingLinks.push(attrs.href);
      break;
    case "script":
      if ((attrs.type ?? "").toLowerCase().trim() === "application/ld+json") r.jsonLd = "";
      break;
  }
}

/** `<meta name=robots|googlebot>` and the first `<meta name=description>`. */
function readMeta(r: Reading, attrs: Record<string, string>) {
  const metaName = (attrs.name ?? "").toLowerCase().trim();
  if (GOOGLE_ROBOTS.has(metaName) && attrs.content !== undefined) r.metaRobots.push(attrs.content);
  if (metaName === "description" && r.metaDescription === null && attrs.content !== undefined) r.metaDescription = collapse(attrs.content);
}

/** The first `<link rel=canonical>` and every `<link rel=alternate hreflang>`. */
function readLink(r: Reading, attrs: Record<string, string>) {
  const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
  if (rel.includes("canonical") && !r.sawCanonical && attrs.href !== undefined) {
    r.sawCanonical = true;
    r.canonical = resolve(attrs.href, r.base);
  }
  if (rel.includes("alternate") && attrs.hreflang && attrs.href) {
    const href = resolve(attrs.href, r.base);
    if (href) r.hreflang.push({ lang: attrs.hreflang.trim().toLowerCase(), href });
  }
}

function readText(r: Reading, data: string) {
  if (r.inTitle) r.titleText += data;
  if (r.jsonLd !== null) r.jsonLd += data;
  if (r.h1 === null && r.h1Depth > 0) r.h1Text += data;
  if (r.skip === 0 && r.textChars < MAX_TEXT) {
    r.text.push(data);
    r.textChars += data.length;
  }
}

function closeTag(r: Reading, name: string) {
  if (VOID.has(name)) return;
  const at = r.stack.lastIndexOf(name);
  if (at >= 0) r.stack.length = at;
  if (SKIP_TEXT.has(name)) r.skip = Math.max(0, r.skip - 1);
  if (name === "title" && r.inTitle) {
    r.inTitle = false;
    r.title = collapse(r.titleText);
  }
  if (name === "h1" && r.h1 === null && r.h1Depth > 0) {
    r.h1Depth--;
    if (r.h1Depth === 0) r.h1 = collapse(r.h1Text);
  }
  if (name === "script" && r.jsonLd !== null) {
    readJsonLdTypes(r.jsonLd, r.types);
    r.jsonLd = null;
  }
  r.text.push(" ");
}

/** What the robots meta tags for Google say, read together. */
function robotsFacts(metaRobots: string[]): Pick<PageFacts, "metaRobots" | "noindex" | "nosnippet" | "maxSnippet"> {
  const google = metaRobots.map((c) => c.toLowerCase().split(",").map((d) => d.trim()));
  const maxSnippets = google.flat().flatMap((d) => {
    const m = /^max-snippet\s*:\s*(-?\d+)$/.exec(d);
    return m ? [Number(m[1])] : [];
  });
  return {
    metaRobots,
    noindex: google.some((ds) => ds.includes("noindex") || ds.includes("none")),
    nosnippet: google.some((ds) => ds.includes("nosnippet")),
    maxSnippet: maxSnippets.length ? Math.min(...maxSnippets) : null,
  };
}

/** The distinct links to the document's own host, resolved against the base. */
function linkFacts(r: Reading): Pick<PageFacts, "internalLinks" | "internalLinkSample"> {
  const links = new Set<string>();
  for (const href of r.pendingLinks) {
    const url = resolve(href, r.base);
    if (url && new URL(url).hostname === r.host) links.add(url);
  }
  return { internalLinks: links.size, internalLinkSample: [...links].sort().slice(0, 50) };
}

function textFacts(r: Reading): Pick<PageFacts, "textLength" | "textHash"> {
  const visible = collapse(r.text.join(""));
  return { textLength: visible.length, textHash: crypto.createHash("sha256").update(visible).digest("hex").slice(0, 16) };
}

function addType(types: Set<string>, raw: unknown) {
  if (typeof raw !== "string" || !raw.trim()) return;
  const t = raw.trim().replace(/^https?:\/\/schema\.org\//i, "");
  if (t.length <= 100) types.add(t);
}

function readJsonLdTypes(source: string, types: Set<string>) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return;
  }
  const visit = (node: unknown, depth: number) => {
    if (depth > 8 || types.size > 50 || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const t = record["@type"];
    for (const one of Array.isArray(t) ? t : [t]) addType(types, one);
    if (record["@graph"]) visit(record["@graph"], depth + 1);
  };
  visit(parsed, 0);
}

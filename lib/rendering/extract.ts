// What a document says to a search engine, read the same way from the raw HTML (as served) and from the
// rendered DOM (after scripts ran): one parser for both sides, so a difference is the page's, not ours.
import crypto from "node:crypto";
import { Parser } from "htmlparser2";

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

function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** Reads the facts of an HTML document served (or rendered) at `documentUrl`. */
export function extractFacts(html: string, documentUrl: string): PageFacts {
  let base = documentUrl;
  let sawBase = false;
  const host = (() => {
    try {
      return new URL(documentUrl).hostname;
    } catch {
      return "";
    }
  })();
  let title: string | null = null;
  let inTitle = false;
  let titleText = "";
  let metaDescription: string | null = null;
  const metaRobots: string[] = [];
  let canonical: string | null = null;
  let sawCanonical = false;
  let h1: string | null = null;
  let h1Depth = 0;
  let h1Text = "";
  const hreflang: Hreflang[] = [];
  const types = new Set<string>();
  const links = new Set<string>();
  const pendingLinks: string[] = [];
  let dataNosnippet = 0;
  let skip = 0;
  const stack: string[] = [];
  let jsonLd: string | null = null;
  const text: string[] = [];
  let textChars = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (!VOID.has(name)) stack.push(name);
        if (SKIP_TEXT.has(name)) skip++;
        if ("data-nosnippet" in attrs) dataNosnippet++;
        if (attrs.itemtype) for (const t of attrs.itemtype.split(/\s+/)) addType(types, t);
        switch (name) {
          case "base":
            if (!sawBase && attrs.href !== undefined) {
              sawBase = true;
              base = resolve(attrs.href, documentUrl) ?? documentUrl;
            }
            break;
          case "title":
            if (title === null && stack.filter((t) => t === "svg").length === 0) {
              inTitle = true;
              titleText = "";
            }
            break;
          case "meta": {
            const metaName = (attrs.name ?? "").toLowerCase().trim();
            if (GOOGLE_ROBOTS.has(metaName) && attrs.content !== undefined) metaRobots.push(attrs.content);
            if (metaName === "description" && metaDescription === null && attrs.content !== undefined) metaDescription = collapse(attrs.content);
            break;
          }
          case "link": {
            const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
            if (rel.includes("canonical") && !sawCanonical && attrs.href !== undefined) {
              sawCanonical = true;
              canonical = resolve(attrs.href, base);
            }
            if (rel.includes("alternate") && attrs.hreflang && attrs.href) {
              const href = resolve(attrs.href, base);
              if (href) hreflang.push({ lang: attrs.hreflang.trim().toLowerCase(), href });
            }
            break;
          }
          case "h1":
            if (h1 === null) {
              h1Depth++;
              if (h1Depth === 1) h1Text = "";
            }
            break;
          case "a":
            if (attrs.href !== undefined) pendingLinks.push(attrs.href);
            break;
          case "script":
            if ((attrs.type ?? "").toLowerCase().trim() === "application/ld+json") jsonLd = "";
            break;
        }
      },
      ontext(data) {
        if (inTitle) titleText += data;
        if (jsonLd !== null) jsonLd += data;
        if (h1 === null && h1Depth > 0) h1Text += data;
        if (skip === 0 && textChars < MAX_TEXT) {
          text.push(data);
          textChars += data.length;
        }
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        const at = stack.lastIndexOf(name);
        if (at >= 0) stack.length = at;
        if (SKIP_TEXT.has(name)) skip = Math.max(0, skip - 1);
        if (name === "title" && inTitle) {
          inTitle = false;
          title = collapse(titleText);
        }
        if (name === "h1" && h1 === null && h1Depth > 0) {
          h1Depth--;
          if (h1Depth === 0) h1 = collapse(h1Text);
        }
        if (name === "script" && jsonLd !== null) {
          readJsonLdTypes(jsonLd, types);
          jsonLd = null;
        }
        text.push(" ");
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  for (const href of pendingLinks) {
    const url = resolve(href, base);
    if (url && new URL(url).hostname === host) links.add(url);
  }
  const visible = collapse(text.join(""));
  const google = metaRobots.map((c) => c.toLowerCase().split(",").map((d) => d.trim()));
  const maxSnippets = google.flat().flatMap((d) => {
    const m = /^max-snippet\s*:\s*(-?\d+)$/.exec(d);
    return m ? [Number(m[1])] : [];
  });
  return {
    title,
    metaDescription,
    metaRobots,
    noindex: google.some((ds) => ds.includes("noindex") || ds.includes("none")),
    nosnippet: google.some((ds) => ds.includes("nosnippet")),
    maxSnippet: maxSnippets.length ? Math.min(...maxSnippets) : null,
    dataNosnippet,
    canonical,
    h1: h1 ?? (h1Depth > 0 ? collapse(h1Text) : null),
    hreflang: hreflang.sort((a, b) => a.lang.localeCompare(b.lang) || a.href.localeCompare(b.href)),
    structuredDataTypes: [...types].sort(),
    internalLinks: links.size,
    internalLinkSample: [...links].sort().slice(0, 50),
    textLength: visible.length,
    textHash: crypto.createHash("sha256").update(visible).digest("hex").slice(0, 16),
  };
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

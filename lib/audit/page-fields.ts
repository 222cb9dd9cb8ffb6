import crypto from "node:crypto";
import { Parser } from "htmlparser2";
import { resolve } from "./parse-head";

/** What a page says about its appearance, read from its HTML (the field history keeps them: lib/site-watch/field-history.ts). */
export interface PageFields {
  /** The head's first `<title>`, whitespace collapsed; null when absent or empty. */
  title: string | null;
  metaDescription: string | null;
  /** The first `<h1>` of the body, whitespace collapsed. */
  h1: string | null;
  /** `lang href` of each `<link rel=alternate hreflang>` of the head, sorted, deduplicated. */
  hreflang: string[];
  /** The `@type`s of the page's JSON-LD, sorted, deduplicated (at most 50). */
  structuredDataTypes: string[];
  /** SHA-256 (first 16 hex) of the main text's words: nav, header, footer, aside, script, style and the head left out. */
  mainTextHash: string | null;
  wordCount: number;
  /** `<a href>`s to the page's own host (fragments and other schemes not counted). */
  internalLinks: number;
}

export interface FieldScanner {
  write(text: string): void;
  finish(): PageFields;
}

const CAP = 4096;
const JSON_LD_CAP = 256 * 1024;
const MAX_TYPES = 50;
// Boilerplate and inert content: their text is not the page's main text.
const BOILERPLATE = new Set(["nav", "header", "footer", "aside", "script", "style", "noscript", "template", "head", "title", "svg", "select", "button"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/**
 * One htmlparser2 pass over the whole document (as much as the audit reads) collecting the fields the
 * field history compares. Cheap on purpose: no DOM, text hashed as it streams, JSON-LD parsed only
 * inside its own script element.
 */
export function createFieldScanner(documentUrl: string): FieldScanner {
  let host = "";
  try {
    host = new URL(documentUrl).hostname;
  } catch {
    // The audit only reads absolute URLs; a bad one just counts no internal link.
  }
  let base = documentUrl;
  let sawBase = false;
  let inHead = true;
  let title: string | null = null;
  let titleText: string | null = null;
  let description: string | null = null;
  let h1: string | null = null;
  let h1Text: string | null = null;
  let h1Depth = 0;
  const hreflang = new Set<string>();
  const types = new Set<string>();
  let jsonLd: string | null = null;
  let boiler = 0;
  let words = 0;
  let carry = "";
  let internalLinks = 0;
  const hash = crypto.createHash("sha256");

  // Words are hashed in 64 KiB slices: one update per word costs more than the parse.
  let pendingText = "";
  const word = (w: string) => {
    words++;
    pendingText += `${w} `;
    if (pendingText.length > 65_536) {
      hash.update(pendingText);
      pendingText = "";
    }
  };
  const flushWord = () => {
    if (carry) word(carry);
    carry = "";
  };
  const mainText = (text: string) => {
    const parts = (carry + text).split(/\s+/);
    carry = parts.pop() ?? "";
    for (const p of parts) if (p) word(p);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (inHead && !HEADISH.has(name)) inHead = false;
        if (BOILERPLATE.has(name) && !VOID.has(name)) boiler++;
        if (name === "script" && (attrs.type ?? "").trim().toLowerCase() === "application/ld+json") jsonLd = "";
        else if (name === "title" && inHead && title === null && titleText === null) titleText = "";
        else if (name === "meta") {
          if (description === null && (attrs.name ?? "").trim().toLowerCase() === "description") description = collapse(attrs.content ?? "");
        } else if (name === "link") {
          const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          if (inHead && rel.includes("alternate") && attrs.hreflang && attrs.href && hreflang.size < 500) {
            const href = resolve(attrs.href, base);
            if (href) hreflang.add(`${attrs.hreflang.trim().toLowerCase()} ${href}`);
          }
        } else if (name === "base" && !sawBase && attrs.href !== undefined) {
          sawBase = true;
          base = resolve(attrs.href, documentUrl) ?? documentUrl;
        } else if (name === "a" && attrs.href !== undefined) {
          const href = attrs.href.trim();
          if (href && !href.startsWith("#")) {
            const target = resolve(href, base);
            if (target && host && new URL(target).hostname === host) internalLinks++;
          }
        } else if (name === "h1") {
          if (h1 === null && h1Text === null) h1Text = "";
          h1Depth++;
        }
        if (!INLINE.has(name)) flushWord();
      },
      onclosetag(name) {
        if (BOILERPLATE.has(name) && !VOID.has(name)) boiler = Math.max(0, boiler - 1);
        if (name === "head") inHead = false;
        if (name === "script" && jsonLd !== null) {
          collectTypes(jsonLd, types);
          jsonLd = null;
        } else if (name === "title" && titleText !== null) {
          title = collapse(titleText) || null;
          titleText = null;
        } else if (name === "h1" && h1Depth > 0) {
          h1Depth--;
          if (h1Depth === 0 && h1Text !== null) {
            h1 = collapse(h1Text); // an empty first h1 is still the first: later ones do not replace it
            h1Text = null;
          }
        }
        if (!INLINE.has(name)) flushWord();
      },
      ontext(text) {
        if (jsonLd !== null) {
          if (jsonLd.length < JSON_LD_CAP) jsonLd += text;
          return;
        }
        if (titleText !== null) {
          if (titleText.length < CAP) titleText += text;
          return;
        }
        if (h1Text !== null && h1Text.length < CAP) h1Text += text;
        if (boiler === 0 && !inHead) mainText(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  return {
    write(text) {
      parser.write(text);
    },
    finish() {
      parser.end();
      flushWord();
      if (titleText !== null) title = collapse(titleText) || null;
      if (h1Text !== null) h1 = collapse(h1Text);
      return {
        title,
        metaDescription: description || null,
        h1: h1 || null,
        hreflang: [...hreflang].sort(),
        structuredDataTypes: [...types].sort().slice(0, MAX_TYPES),
        mainTextHash: words > 0 ? hash.update(pendingText).digest("hex").slice(0, 16) : null,
        wordCount: words,
        internalLinks,
      };
    },
  };
}

// Elements that may sit in the head; the first other one starts the body.
const HEADISH = new Set(["html", "head", "title", "base", "link", "meta", "style", "script", "noscript", "template"]);
// Inline elements do not split words ("<b>in</b>line" is one word).
const INLINE = new Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var"]);

const collapse = (s: string) => s.replace(/\s+/g, " ").trim().slice(0, CAP);

function collectTypes(text: string, types: Set<string>) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited++ < 5000 && types.size < MAX_TYPES) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") {
      const t = (node as Record<string, unknown>)["@type"];
      for (const one of Array.isArray(t) ? t : [t]) if (typeof one === "string" && one.trim()) types.add(one.trim().slice(0, 100));
      for (const [k, v] of Object.entries(node)) if (k !== "@context" && v && typeof v === "object") stack.push(v);
    }
  }
}

import { Parser } from "htmlparser2";

export interface RobotsMeta {
  /** "robots", "googlebot" or "bingbot". */
  name: string;
  content: string;
}

export interface HeadData {
  robotsMeta: RobotsMeta[];
  /** The first `<link rel=canonical>` of the head, resolved; null when absent or unresolvable. */
  canonical: string | null;
}

export interface HeadScanner {
  /** Feeds decoded text; returns true once the head is over (nothing after it matters). */
  write(text: string): boolean;
  /** Ends the input and returns what the head held. */
  finish(): HeadData;
}

const ROBOTS_NAMES = new Set(["robots", "googlebot", "bingbot"]);
// Elements the HTML parser keeps in the head; any other element starts the body.
const HEAD_ELEMENTS = new Set(["html", "head", "title", "base", "link", "meta", "style", "script", "noscript", "template", "basefont", "bgsound", "noframes"]);
// Their content is text (or inert), so tags inside them count for nothing and do not end the head.
const OPAQUE = new Set(["noscript", "template", "noframes"]);
const TEXT_CONTAINERS = new Set(["title", "script", "style", "noscript", "template", "noframes"]);

/**
 * Streams a document's head through htmlparser2 and stops at `</head>`, at the first body element
 * or at body text, the way a browser's parser leaves the "in head" mode. A `<base href>` counts for
 * the canonical only when it comes first.
 */
export function createHeadScanner(documentUrl: string): HeadScanner {
  const data: HeadData = { robotsMeta: [], canonical: null };
  let base = documentUrl;
  let sawBase = false;
  let sawCanonical = false;
  let opaque = 0;
  let inText = 0;
  let done = false;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (done) return;
        if (TEXT_CONTAINERS.has(name)) inText++;
        if (opaque > 0) {
          if (OPAQUE.has(name)) opaque++;
          return;
        }
        if (OPAQUE.has(name)) opaque++;
        else if (!HEAD_ELEMENTS.has(name)) stop();
        else if (name === "meta") onMeta(attrs);
        else if (name === "link") onLink(attrs);
        else if (name === "base" && !sawBase && attrs.href !== undefined) {
          sawBase = true;
          base = resolve(attrs.href, documentUrl) ?? documentUrl;
        }
      },
      onclosetag(name) {
        if (done) return;
        if (TEXT_CONTAINERS.has(name)) inText = Math.max(0, inText - 1);
        if (OPAQUE.has(name)) opaque = Math.max(0, opaque - 1);
        else if (name === "head" && opaque === 0) stop();
      },
      ontext(text) {
        if (!done && inText === 0 && text.trim() !== "") stop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  // Pausing makes the tokenizer drop the rest of the chunk it is working through.
  function stop() {
    done = true;
    parser.pause();
  }

  function onMeta(attrs: Record<string, string>) {
    const name = (attrs.name ?? "").trim().toLowerCase();
    const content = (attrs.content ?? "").trim();
    if (ROBOTS_NAMES.has(name) && content) data.robotsMeta.push({ name, content });
  }

  function onLink(attrs: Record<string, string>) {
    if (sawCanonical || attrs.href === undefined || !attrs.href.trim()) return;
    const rel = (attrs.rel ?? "").toLowerCase().split(/[\t\n\f\r ]+/);
    if (!rel.includes("canonical")) return;
    sawCanonical = true;
    data.canonical = resolve(attrs.href, base);
  }

  return {
    write(text) {
      if (!done) parser.write(text);
      return done;
    },
    finish() {
      if (!done) parser.end();
      done = true;
      return data;
    },
  };
}

/** An absolute http(s) URL for `href` against `base`, fragment dropped; null when it is neither. */
export function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

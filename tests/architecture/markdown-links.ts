// Relative links and #anchors of the Markdown docs (README.md, docs/**/*.md), checked as GitHub renders them:
// a link's file must exist and its #anchor must be a heading of the target as GitHub slugs it. No Markdown parser is
// installed, so this reads the subset our docs use: ATX and setext headings, inline links and images, reference
// definitions and HTML anchors; fenced code blocks, code spans and HTML comments hold no links and no headings.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** GitHub's heading slug (github-slugger): lower case, every character but letters, marks, digits, `_`, `-` and space removed, each space a `-`. */
export function githubSlug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-");
}

/** The text a heading shows (what GitHub slugs): inline code keeps its content, links their text, markup goes. */
export function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, "") // an ATX closing sequence
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/<[^>]+>/g, "") // HTML tags
    .replace(/(^|[^\w`])_{1,2}([^_`]+?)_{1,2}(?=$|[^\w])/g, "$1$2") // _emphasis_ (intraword underscores stay)
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/[*~]/g, "")
    .trim();
}

type Line = { text: string; n: number };

/** The lines outside fenced code blocks, with HTML comments blanked (their line numbers kept). */
function proseLines(markdown: string): Line[] {
  const withoutComments = markdown.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, " "));
  const out: Line[] = [];
  let fence: string | null = null;
  withoutComments.split("\n").forEach((text, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && text.trim() === m[1]) fence = null;
      return;
    }
    if (m) { fence = m[1]; return; }
    out.push({ text, n: i + 1 });
  });
  return out;
}

/** Every anchor a document offers: its headings' slugs (a repeated slug gets -1, -2, …) and HTML `id`/`name` anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const html = new Set<string>();
  const seen = new Map<string, number>();
  const add = (text: string) => {
    const base = githubSlug(headingText(text));
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (slugs.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    slugs.add(slug);
  };
  const lines = proseLines(markdown);
  lines.forEach(({ text }, i) => {
    const atx = /^ {0,3}#{1,6}(?:\s+(.*))?$/.exec(text);
    if (atx) add(atx[1] ?? "");
    else if (i > 0 && /^ {0,3}(=+|-+)\s*$/.test(text)) {
      const prev = lines[i - 1];
      // A setext heading: the underline right after a paragraph line (not a list item, table row, heading or blank).
      if (prev.n === lines[i].n - 1 && prev.text.trim() && !/^\s*([-*+]|\d+[.)])\s|^\s*\||^ {0,3}#/.test(prev.text)) add(prev.text.trim());
    }
    for (const m of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/gi)) html.add(m[1]);
  });
  return new Set([...slugs, ...html]);
}

export type MarkdownLink = { line: number; target: string };

/** Every link target of a document outside code: inline links and images `[x](target "title")` and definitions `[x]: target`. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, n } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[\s\S]*?\1/g, (c) => " ".repeat(c.length)); // code spans hold no links
    const def = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(prose);
    if (def) { links.push({ line: n, target: def[1] }); continue; }
    for (const m of prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: n, target: m[1].replace(/^<|>$/g, "") });
    }
  }
  return links;
}

export type BrokenLink = { file: string; line: number; target: string; problem: string };

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The broken relative links of `files` (paths relative to `root`): a target that does not exist, or an anchor that is
 * no heading of its Markdown target (a non-Markdown file takes GitHub's line anchors `#L10` and `#L10-L20` only).
 * External links (a scheme, `//`) are not checked. `read` and `exists` see paths relative to `root`.
 */
export function brokenLinks(
  files: readonly string[],
  read: (file: string) => string,
  exists: (file: string) => boolean,
): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let a = anchorCache.get(file);
    if (!a) anchorCache.set(file, (a = anchorsOf(read(file))));
    return a;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const { line, target } of linksOf(read(file))) {
      if (EXTERNAL.test(target)) continue;
      const hash = target.indexOf("#");
      const rawPath = hash < 0 ? target : target.slice(0, hash);
      const anchor = hash < 0 ? null : target.slice(hash + 1);
      let decoded: string;
      try {
        decoded = decodeURIComponent(rawPath);
      } catch {
        broken.push({ file, line, target, problem: "the path is not valid percent-encoding" });
        continue;
      }
      const resolved = decoded === "" ? file
        : decoded.startsWith("/") ? path.posix.normalize(decoded.slice(1))
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded));
      if (resolved.startsWith("../") || resolved === "..") { broken.push({ file, line, target, problem: "leaves the repository" }); continue; }
      const targetFile = resolved.replace(/\/$/, "") || ".";
      if (!exists(targetFile)) { broken.push({ file, line, target, problem: `${targetFile} does not exist` }); continue; }
      if (anchor === null || anchor === "") continue;
      if (/\.md$/i.test(targetFile)) {
        let wanted: string;
        try { wanted = decodeURIComponent(anchor); } catch { wanted = anchor; }
        if (!anchors(targetFile).has(wanted)) broken.push({ file, line, target, problem: `no heading of ${targetFile} has the anchor #${wanted}` });
      } else if (!/^L\d+(-L\d+)?$/.test(anchor)) {
        broken.push({ file, line, target, problem: `#${anchor} is not a line anchor (#L10, #L10-L20) of ${targetFile}` });
      }
    }
  }
  return broken;
}

/** README.md and every Markdown file under docs/, relative to `root`. */
export function docFiles(root: string): string[] {
  const out = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out.sort();
}

/** The broken links of the repository's docs. */
export function brokenDocLinks(root: string): BrokenLink[] {
  const read = (file: string) => readFileSync(path.join(root, file), "utf8");
  const exists = (file: string) => {
    const p = path.join(root, file);
    return existsSync(p) && (statSync(p).isFile() || statSync(p).isDirectory());
  };
  return brokenLinks(docFiles(root), read, exists);
}

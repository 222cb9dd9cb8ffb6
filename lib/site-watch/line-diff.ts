import { diffLines as diffPackageLines } from "diff";

// A unified line diff of two robots.txt texts (at most 500 KiB each), through the npm `diff` package's Myers diff.
// Lines are split on CRLF, CR or LF alike (a file that only changed its line ends did not change). The common head
// and tail are trimmed first; past MAX_EDITS differing lines, or TIMEOUT_MS of diffing, the middle is shown as
// removed-then-added (still correct, only less minimal), so a huge rewrite costs a bounded time.

export type DiffLine = { kind: "context" | "added" | "removed"; text: string };
export type LineDiff = { unified: string; linesAdded: number; linesRemoved: number };

const MAX_EDITS = 1000;
const TIMEOUT_MS = 250;
const CONTEXT = 3;

/** Splits a text into lines (CRLF, CR or LF), without a trailing empty line for a final newline. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** The edit script turning `a` into `b`, line by line (the `diff` package's Myers diff, bounded: see MAX_EDITS). */
export function diffLines(a: string[], b: string[]): DiffLine[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ kind: "context", text }));
  out.push(...(middle(midA, midB) ?? [...midA.map((text) => ({ kind: "removed" as const, text })), ...midB.map((text) => ({ kind: "added" as const, text }))]));
  out.push(...a.slice(a.length - tail).map((text) => ({ kind: "context" as const, text })));
  return out;
}

const asText = (lines: string[]) => (lines.length ? `${lines.join("\n")}\n` : "");

/** The differing middle through the package, or null past MAX_EDITS edits or TIMEOUT_MS. */
function middle(a: string[], b: string[]): DiffLine[] | null {
  if (!a.length) return b.map((text) => ({ kind: "added", text }));
  if (!b.length) return a.map((text) => ({ kind: "removed", text }));
  const changes = diffPackageLines(asText(a), asText(b), { maxEditLength: MAX_EDITS, timeout: TIMEOUT_MS });
  if (!changes) return null;
  const out: DiffLine[] = [];
  for (const c of changes) {
    const kind = c.added ? "added" : c.removed ? "removed" : "context";
    for (const text of splitLines(c.value)) out.push({ kind, text });
  }
  return out;
}

/** The unified diff (`---`/`+++` header, `@@` hunks with 3 lines of context) and the counts of added and removed lines. */
export function unifiedDiff(before: string, after: string, labels: { before: string; after: string }): LineDiff {
  const lines = diffLines(splitLines(before), splitLines(after));
  const linesAdded = lines.filter((l) => l.kind === "added").length;
  const linesRemoved = lines.filter((l) => l.kind === "removed").length;
  if (!linesAdded && !linesRemoved) return { unified: "", linesAdded, linesRemoved };

  const out = [`--- ${labels.before}`, `+++ ${labels.after}`];
  // Positions (old line, new line) before each entry.
  const pos: { a: number; b: number }[] = [];
  let ai = 0;
  let bi = 0;
  for (const l of lines) {
    pos.push({ a: ai, b: bi });
    if (l.kind !== "added") ai++;
    if (l.kind !== "removed") bi++;
  }
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && lines[i].kind === "context") i++;
    if (i >= lines.length) break;
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    // Extend the hunk while the next change is within 2 × CONTEXT lines.
    for (;;) {
      while (end < lines.length && lines[end].kind !== "context") end++;
      let next = end;
      while (next < lines.length && lines[next].kind === "context") next++;
      if (next < lines.length && next - end <= 2 * CONTEXT) end = next;
      else break;
    }
    const stop = Math.min(lines.length, end + CONTEXT);
    const hunk = lines.slice(start, stop);
    const oldCount = hunk.filter((l) => l.kind !== "added").length;
    const newCount = hunk.filter((l) => l.kind !== "removed").length;
    const oldStart = oldCount ? pos[start].a + 1 : pos[start].a;
    const newStart = newCount ? pos[start].b + 1 : pos[start].b;
    out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`);
    for (const l of hunk) out.push(`${l.kind === "added" ? "+" : l.kind === "removed" ? "-" : " "}${l.text}`);
    i = stop;
  }
  return { unified: `${out.join("\n")}\n`, linesAdded, linesRemoved };
}

// A unified line diff (Myers' O(ND) algorithm) of two robots.txt texts. The npm `diff` package is not installed;
// robots.txt files are at most 500 KiB, so this small implementation is enough: the common head and tail are
// trimmed first, and past MAX_EDITS differing lines the middle is shown as removed-then-added (still correct,
// only less minimal).

export type DiffLine = { kind: "context" | "added" | "removed"; text: string };
export type LineDiff = { unified: string; linesAdded: number; linesRemoved: number };

const MAX_EDITS = 1000;
const CONTEXT = 3;

/** Splits a text into lines (CRLF, CR or LF), without a trailing empty line for a final newline. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** The edit script turning `a` into `b`, line by line. */
export function diffLines(a: string[], b: string[]): DiffLine[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const out: DiffLine[] = a.slice(0, head).map((text) => ({ kind: "context", text }));
  out.push(...(myers(midA, midB) ?? [...midA.map((text) => ({ kind: "removed" as const, text })), ...midB.map((text) => ({ kind: "added" as const, text }))]));
  out.push(...a.slice(a.length - tail).map((text) => ({ kind: "context" as const, text })));
  return out;
}

function myers(a: string[], b: string[]): DiffLine[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((text) => ({ kind: "added", text }));
  if (m === 0) return a.map((text) => ({ kind: "removed", text }));
  const max = Math.min(n + m, MAX_EDITS);
  // trace[d] holds V for k in [-d, d] after step d (index k + d).
  const trace: Int32Array[] = [];
  let v = new Int32Array(3);
  v[1 + 1] = 0;
  let prev = new Int32Array(1);
  let found = -1;
  for (let d = 0; d <= max; d++) {
    v = new Int32Array(2 * d + 1);
    for (let k = -d; k <= d; k += 2) {
      const get = (kk: number) => prev[kk + (d - 1)];
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && get(k - 1) < get(k + 1))) x = get(k + 1);
      else x = get(k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    trace.push(v);
    prev = v;
    if (found >= 0) break;
  }
  if (found < 0) return null;

  const script: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const pv = trace[d - 1];
    const k = x - y;
    const get = (kk: number) => pv[kk + (d - 1)];
    const prevK = k === -d || (k !== d && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
    const prevX = get(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      script.push({ kind: "context", text: a[--x] });
      y--;
    }
    if (x === prevX) script.push({ kind: "added", text: b[--y] });
    else script.push({ kind: "removed", text: a[--x] });
  }
  while (x > 0 && y > 0) {
    script.push({ kind: "context", text: a[--x] });
    y--;
  }
  return script.reverse();
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

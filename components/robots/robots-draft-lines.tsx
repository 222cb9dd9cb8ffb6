import type { GoogleLineNote, RobotsTestResult } from "@/lib/queries/robots";

/** Above this many lines only the lines that decided are shown, with some context around each. */
const FULL_VIEW_LINES = 200;
const CONTEXT = 2;

type Mark = { kind: "allow" | "disallow" | "group" | "google"; count: number };

/**
 * The tested draft with its line numbers; the lines that decided a result are highlighted (rules in red
 * or green, user-agent groups in blue), each with how many URLs it decided, in words for screen readers.
 */
export function RobotsDraftLines({ text, results, googleNotes }: { text: string; results: RobotsTestResult[]; googleNotes: GoogleLineNote[] }) {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop(); // the newline that ends the last line
  const marks = new Map<number, Mark>();
  for (const r of results) {
    if (r.rule) {
      const m = marks.get(r.rule.line);
      marks.set(r.rule.line, { kind: r.rule.directive, count: (m?.kind === r.rule.directive ? m.count : 0) + 1 });
    }
    if (r.group && !marks.has(r.group.line)) marks.set(r.group.line, { kind: "group", count: 0 });
  }
  const google = new Set(googleNotes.map((n) => n.line));
  for (const line of google) if (!marks.has(line)) marks.set(line, { kind: "google", count: 0 });
  const shown = visibleLines(lines.length, marks);

  return (
    <section aria-labelledby="robots-draft-heading" data-testid="robots-draft-lines">
      <h4 id="robots-draft-heading" className="text-sm font-semibold">Your draft, with the lines that decided</h4>
      <p className="mt-1 text-xs text-slate-600">
        <span className="mr-3 inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-red-100 ring-1 ring-red-300" /> Disallow rule that matched</span>
        <span className="mr-3 inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-emerald-100 ring-1 ring-emerald-300" /> Allow rule that matched</span>
        <span className="mr-3 inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-100 ring-1 ring-brand-600/30" /> User-agent group that applied</span>
        {google.size > 0 && <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block size-3 rounded-sm bg-amber-100 ring-1 ring-amber-400" /> Google reads it differently</span>}
      </p>
      <ol className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white py-2 font-mono text-xs leading-6">
        {shown.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="list-none px-3 text-slate-500" aria-hidden="true">⋯</li>
          ) : (
            <Line key={n} n={n} text={lines[n - 1]} mark={marks.get(n)} google={google.has(n)} />
          ),
        )}
      </ol>
    </section>
  );
}

const TONES: Record<Mark["kind"], string> = {
  disallow: "bg-red-50 text-red-900", allow: "bg-emerald-50 text-emerald-900", group: "bg-brand-50 text-brand-800", google: "bg-amber-50 text-amber-900",
};

function Line({ n, text, mark, google }: { n: number; text: string; mark: Mark | undefined; google: boolean }) {
  const tone = mark ? TONES[mark.kind] : "";
  const decided = !mark || mark.kind === "google" ? "" : mark.kind === "group" ? "User-agent group that applied" : `${mark.kind === "allow" ? "Allow" : "Disallow"} rule that decided ${mark.count} ${mark.count === 1 ? "URL" : "URLs"}`;
  const note = [decided, google ? "Google reads it differently" : ""].filter(Boolean).join(" · ");
  return (
    <li className={`flex list-none whitespace-pre ${tone}`} data-line={n} data-marked={mark ? mark.kind : undefined}>
      <span aria-hidden="true" className={`w-12 shrink-0 select-none border-r pr-3 text-right tabular-nums ${mark ? "border-current font-semibold" : "border-slate-200 text-slate-500"}`}>{n}</span>
      <span className="sr-only">Line {n}: </span>
      <span className="pl-3 pr-3">{text === "" ? " " : text}</span>
      {mark && <span className="ml-auto shrink-0 pr-3 font-sans text-[11px] font-medium"><span aria-hidden="true">◀ </span>{note}</span>}
    </li>
  );
}

/** Line numbers to show (1-based), null for an elided stretch. */
function visibleLines(count: number, marks: Map<number, Mark>): (number | null)[] {
  if (count <= FULL_VIEW_LINES) return Array.from({ length: count }, (_, i) => i + 1);
  const keep = new Set<number>();
  for (const line of marks.keys()) for (let k = line - CONTEXT; k <= line + CONTEXT; k++) if (k >= 1 && k <= count) keep.add(k);
  const out: (number | null)[] = [];
  let last = 0;
  for (const k of [...keep].sort((a, b) => a - b)) {
    if (k > last + 1) out.push(null);
    out.push(k);
    last = k;
  }
  if (last < count) out.push(null);
  return out;
}

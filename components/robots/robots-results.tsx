import { Badge } from "@/components/ui/badge";
import { fetchFailureInWords } from "@/lib/net/failure-words";
import type { RobotsInvalidUrl, RobotsRuleRef, RobotsTest, RobotsTestResult } from "@/lib/queries/robots";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

export const ruleText = (r: RobotsRuleRef) => `${r.directive === "allow" ? "Allow" : "Disallow"}: ${r.value}`;

/** What the live file's answer means for crawlers (RFC 9309 §2.3.1). */
function liveMeaning(r: RobotsTest): string {
  const answered = r.httpStatus !== null ? `answered HTTP ${r.httpStatus}` : `could not be read (${r.fetchError ? fetchFailureInWords(r.fetchError) : "no answer"})`;
  if (r.mode === "allow_all") return `${answered}: as if there were no robots.txt, crawlers may fetch everything`;
  if (r.mode === "disallow_all") return `${answered}: crawlers treat the whole site as disallowed until it can be read`;
  return r.truncated ? `${answered}; it is larger than 500 KiB, so only its first 500 KiB were read, as crawlers do` : answered;
}

const REASON_WORDS: Record<RobotsTestResult["reason"], string> = {
  rule: "",
  no_matching_rule: "No rule matches: allowed",
  no_group: "No group names this crawler and there is no * group: allowed",
  robots_txt: "/robots.txt itself is always allowed",
  unavailable: "No usable robots.txt: everything allowed",
  unreachable: "robots.txt unreachable: everything disallowed",
};

/** One sentence for the live region: how many URLs, allowed and blocked, against which file, and the lines not tested. */
export function summaryText(result: RobotsTest): string {
  const blocked = result.results.filter((r) => !r.allowed).length;
  const allowed = result.results.length - blocked;
  const file = result.source === "provided" ? "your draft" : `the live file`;
  const skipped = result.invalidUrls.length;
  const untested = skipped ? ` ${skipped} ${skipped === 1 ? "line was" : "lines were"} not tested (see the reasons below).` : "";
  return `${result.results.length} ${result.results.length === 1 ? "URL" : "URLs"} tested against ${file}: ${allowed} allowed, ${blocked} blocked.${untested}`;
}

type Row = { kind: "result"; r: RobotsTestResult } | { kind: "invalid"; u: RobotsInvalidUrl };

/** The outcome for each URL: allowed or blocked, the user-agent group that applied and the deciding rule, by line. */
export function RobotsResults({ result }: { result: RobotsTest }) {
  const as = <> as <strong>{result.userAgent}</strong>{result.productToken.toLowerCase() !== result.userAgent.toLowerCase() && <> (token <code>{result.productToken}</code>)</>}</>;
  return (
    <div className="space-y-3">
      <div className="space-y-1 text-sm text-slate-700" data-testid="robots-summary">
        <p className="font-medium text-slate-900">{summaryText(result)}</p>
        <p>
          {result.source === "provided" ? (
            <>Tested{as} against the pasted draft; the live file was neither read nor changed.</>
          ) : (
            <>
              <a href={result.robotsUrl} target="_blank" rel="noreferrer noopener" className="wrap-anywhere font-mono text-brand-700 underline underline-offset-2">{result.robotsUrl}</a>{" "}
              {liveMeaning(result)}. Tested{as}.
            </>
          )}
        </p>
        {result.parser === "google" && (
          <p data-testid="robots-google-parser">
            Judged as Google&apos;s own robots.txt parser (<a href="https://github.com/google/robotstxt" target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">github.com/google/robotstxt</a>) reads the file, which differs from the standard (RFC 9309) in a few places.
          </p>
        )}
      </div>
      {result.googleNotes.length > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="robots-google-notes">
          <p className="font-medium">Google reads {result.googleNotes.length === 1 ? "this line" : `these ${result.googleNotes.length} lines`} differently from the standard:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.googleNotes.map((n) => <li key={`${n.line}-${n.kind}`}><span className="font-medium">Line {n.line}:</span> {n.message}</li>)}
          </ul>
        </div>
      )}
      <div role="region" aria-label="robots.txt results" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={th}>URL</th>
              <th scope="col" className={th}>Result</th>
              <th scope="col" className={th}>User-agent group</th>
              <th scope="col" className={th}>Deciding rule</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rowsOf(result).map((row) => (row.kind === "result" ? <ResultRow key={row.r.index} r={row.r} /> : <InvalidRow key={row.u.index} u={row.u} />))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Tested and untested lines together, in the order they were entered. */
const rowsOf = (result: RobotsTest): Row[] =>
  [...result.results.map((r) => ({ kind: "result" as const, r, at: r.index })), ...result.invalidUrls.map((u) => ({ kind: "invalid" as const, u, at: u.index }))]
    .sort((a, b) => a.at - b.at);

function InvalidRow({ u }: { u: RobotsInvalidUrl }) {
  return (
    <tr data-testid="robots-result-row" data-invalid="true">
      <td className={`${td} min-w-[12rem] max-w-[28rem] wrap-anywhere font-mono text-xs`}>{u.input}</td>
      <td className={`${td} whitespace-nowrap`}><Badge tone="warning">Not tested</Badge></td>
      <td className={td} colSpan={2}><span className="text-slate-600">Line {u.index + 1}: </span>{u.message}.</td>
    </tr>
  );
}

function ResultRow({ r }: { r: RobotsTestResult }) {
  return (
    <tr data-testid="robots-result-row">
      <td className={`${td} min-w-[12rem] max-w-[28rem] wrap-anywhere font-mono text-xs`}>{r.url}</td>
      <td className={`${td} whitespace-nowrap`}>{r.allowed ? <Badge tone="success">Allowed</Badge> : <Badge tone="danger">Blocked</Badge>}</td>
      <td className={td}>
        {r.group ? (
          <span className="whitespace-nowrap">
            <span className="text-slate-600">Line {r.group.line}: </span>
            <code className="font-mono text-xs text-slate-900">User-agent: {r.group.agents.join(", ")}</code>
            {r.group.mergedWith.length > 0 && <span className="block text-xs text-slate-600">merged with the group{r.group.mergedWith.length > 1 ? "s" : ""} at line {r.group.mergedWith.join(", ")}</span>}
          </span>
        ) : (
          <span className="text-slate-600">No group applies</span>
        )}
      </td>
      <td className={td}>
        {r.rule ? (
          <span className="whitespace-nowrap">
            <span className="text-slate-600">Line {r.rule.line}: </span>
            <code className="font-mono text-xs text-slate-900">{ruleText(r.rule)}</code>
          </span>
        ) : (
          <span className="text-slate-600">{REASON_WORDS[r.reason]}</span>
        )}
        {r.difference && <p className="mt-1 max-w-md text-xs text-amber-900" data-testid="robots-google-difference">{r.difference}</p>}
      </td>
    </tr>
  );
}

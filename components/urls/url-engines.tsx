"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { DetailRow } from "@/components/ui/detail-row";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { latestEngineAnswerQuery, type ProjectPath, type TrackedUrl, type UrlHistoryEntry } from "@/lib/queries/urls";
import { DECIDED_BY_WORDS, INDEXING_STATE_WORDS, inWords, notCrawledByBing, PAGE_FETCH_WORDS, ROBOTS_TXT_WORDS, shownField, VERDICT_WORDS } from "./engine-words";
import { GoogleCheckNote } from "./google-check-note";
import { DROP_CAUSE_LABELS, ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, INSPECTION_SOURCE_LABELS } from "./labels";

type Engine = "engineA" | "engineB";

// The raw fields each engine's answer is kept with, in the order a reader wants them (ENGINES.md).
const RAW_FIELDS: Record<Engine, [key: string, label: string][]> = {
  engineA: [["coverageState", "Coverage state"], ["verdict", "Verdict"], ["indexingState", "Indexing state"], ["robotsTxtState", "robots.txt state"],
    ["pageFetchState", "Page fetch state"], ["lastCrawlTime", "Last crawl"], ["googleCanonical", "Google's canonical"], ["userCanonical", "Declared canonical"]],
  engineB: [["HttpStatus", "HTTP status"], ["DocumentSize", "Document size"], ["LastCrawledDate", "Last crawled"], ["DiscoveryDate", "Discovered"], ["IssueType", "Crawl issue"]],
};
const DATE_FIELDS = new Set(["lastCrawlTime", "LastCrawledDate", "DiscoveryDate"]);
// Google's enumerations in words (the raw value stays in the API and on hover).
const WORDS: Record<string, Record<string, string>> = {
  verdict: VERDICT_WORDS, indexingState: INDEXING_STATE_WORDS, robotsTxtState: ROBOTS_TXT_WORDS, pageFetchState: PAGE_FETCH_WORDS,
};
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");

/** Both engines side by side: the state, when and why it was last asked, the raw answer, and a drop's likely cause. */
export function UrlEngines({ projectRef, url }: { projectRef: ProjectPath; url: TrackedUrl }) {
  return (
    <section aria-labelledby="url-engines-heading">
      <h3 id="url-engines-heading" className="text-sm font-semibold">Search engines</h3>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="url-engines">
        <EngineCard projectRef={projectRef} url={url} engine="engineA" title="Google" service="Google Search Console" />
        <EngineCard projectRef={projectRef} url={url} engine="engineB" title="Bing" service="Bing Webmaster Tools" />
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">
        <DetailRow label="Indexed since (Google or Bing)">{when(url.indexedAt)}</DetailRow>
        <DetailRow label="Last asked Google or Bing">{when(url.lastEngineSyncAt)}</DetailRow>
      </dl>
    </section>
  );
}

function EngineCard({ projectRef, url, engine, title, service }: { projectRef: ProjectPath; url: TrackedUrl; engine: Engine; title: string; service: string }) {
  const answer = useQuery(latestEngineAnswerQuery(projectRef, url.id, engine));
  const state = engine === "engineA" ? url.engineAState : url.engineBState;
  const label = engine === "engineA" ? ENGINE_A_LABELS[url.engineAState] : ENGINE_B_LABELS[url.engineBState];
  const headingId = `url-engine-${engine}`;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-slate-200 p-3" data-testid={`url-engine-${engine}`}>
      <h4 id={headingId} className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium text-slate-900">
        <span>{title}</span>
        <Badge tone={engineTone(state)}>{label}</Badge>
      </h4>
      <p className="text-xs text-slate-600">{service}</p>
      {engine === "engineA" && <GoogleCheckNote projectRef={projectRef} urlId={url.id} />}
      {answer.isPending ? (
        <div role="status" aria-busy="true" className="mt-2 h-16 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading {title}&apos;s answer…</span></div>
      ) : answer.isError ? (
        <ErrorAlert error={answer.error} className="mt-2" />
      ) : answer.data === null ? (
        <p className="mt-2 text-sm text-slate-600">
          No answer yet: {title} is asked after an inspection, when it is connected and its quota allows. &ldquo;Unknown&rdquo; never counts as not indexed.
        </p>
      ) : (
        <Answer entry={answer.data} engine={engine} />
      )}
    </article>
  );
}

function Answer({ entry, engine }: { entry: UrlHistoryEntry; engine: Engine }) {
  const s = entry.state as Record<string, unknown>;
  const cause = typeof s.dropCause === "string" ? s.dropCause : null;
  const rows: ReactNode[] = RAW_FIELDS[engine]
    .filter(([key]) => shownField(engine, key, s[key]))
    .map(([key, name]) => (
      <DetailRow key={key} label={name}>
        {DATE_FIELDS.has(key) ? when(String(s[key]))
          : WORDS[key] ? <span title={String(s[key])}>{sentence(inWords(WORDS[key], s[key]) ?? "")}</span>
          : <span className="wrap-anywhere">{String(s[key])}</span>}
      </DetailRow>
    ));
  if (engine === "engineB" && notCrawledByBing(s)) rows.unshift(<DetailRow key="not-crawled" label="Crawl"><span data-testid="bing-not-crawled">Not crawled by Bing</span></DetailRow>);
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="text-slate-700">
        Answered {when(entry.observedAt)} · {INSPECTION_SOURCE_LABELS[entry.source] ?? entry.source}
        {typeof s.decidedBy === "string" && s.decidedBy !== "none" ? <> · read from {inWords(DECIDED_BY_WORDS, s.decidedBy)}</> : null}
      </p>
      {cause && (
        <p role="note" className="rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-red-900" data-testid={`drop-cause-${engine}`}>
          Dropped from the index (was {String(s.droppedFrom ?? "indexed")}). Likely cause: {DROP_CAUSE_LABELS[cause] ?? cause}.
        </p>
      )}
      {rows.length > 0 && <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">{rows}</dl>}
      {typeof s.inspectionResultLink === "string" && /^https:\/\//.test(s.inspectionResultLink) && (
        <a href={s.inspectionResultLink} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">
          Open this inspection in Google Search Console<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

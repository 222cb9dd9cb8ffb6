"use client";

import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import type { Paged, UrlHistoryEntry } from "@/lib/queries/urls";
import type { UseQueryResult } from "@tanstack/react-query";
import { engineAnswerText } from "./engine-words";
import { AUDIT_FIELD_LABELS, HEALTH_TONE, healthText, HISTORY_KIND_LABELS, INDEXABILITY_TONE, indexabilityText, INSPECTION_SOURCE_LABELS } from "./labels";

/** The fields of an engine's answer that say something when they change, in words; the others (the inspection's link, …) change every time. */
const ENGINE_FIELD_LABELS: Record<string, string> = {
  state: "State", coverageState: "Coverage", verdict: "Verdict", indexingState: "Indexing", robotsTxtState: "robots.txt", pageFetchState: "Page fetch",
  lastCrawlTime: "Last crawl", googleCanonical: "Google's canonical", userCanonical: "Declared canonical", droppedFrom: "Dropped from the index",
  HttpStatus: "HTTP status", DocumentSize: "Document size", LastCrawledDate: "Last crawl", DiscoveryDate: "Discovery", IssueType: "Crawl issue",
};

/** What changed since the observation before, in words (empty: nothing a person would call a change). */
function changesOf(entry: UrlHistoryEntry): string[] {
  if (entry.kind === "audit") return entry.changed.map((f) => AUDIT_FIELD_LABELS[f] ?? f);
  return [...new Set(entry.changed.filter((f) => f in ENGINE_FIELD_LABELS).map((f) => ENGINE_FIELD_LABELS[f]))];
}

/** An entry's place among its kind: the first of it ever (nothing older of that kind exists), a repeat, or unknown here. */
type Place = "first" | "repeat" | "unknown";
type Item = { kind: "entry"; entry: UrlHistoryEntry; place: Place } | { kind: "quiet"; entries: UrlHistoryEntry[] };

/**
 * Entries that found nothing new since the one before of their kind, one after another, are folded into one line that
 * opens to list them. `changed` is empty for the first entry of a kind too: an entry with an older one of its kind on
 * this page is a repeat; without one, it is the first of its kind on the last page, and unknown on the others.
 */
function fold(entries: UrlHistoryEntry[], offset: number, total: number): Item[] {
  const items: Item[] = [];
  const lastPage = offset + entries.length >= total;
  entries.forEach((entry, i) => {
    const older = entries.slice(i + 1).some((e) => e.kind === entry.kind);
    const place: Place = older ? "repeat" : lastPage ? "first" : "unknown";
    if (place !== "repeat" || changesOf(entry).length > 0) {
      items.push({ kind: "entry", entry, place });
      return;
    }
    const last = items[items.length - 1];
    if (last?.kind === "quiet") last.entries.push(entry);
    else items.push({ kind: "quiet", entries: [entry] });
  });
  return items;
}

/** The URL's observations, newest first: when, whose, why it ran, what it saw in words and what changed since the one before. */
export function UrlHistory({ history, offset, onOffset }: { history: UseQueryResult<Paged<UrlHistoryEntry>>; offset: number; onOffset: (offset: number) => void }) {
  return (
    <section aria-labelledby="url-history-heading">
      <h3 id="url-history-heading" className="text-sm font-semibold">History</h3>
      {history.isPending ? (
        <div role="status" aria-busy="true" className="mt-2 h-24 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the history…</span></div>
      ) : history.isError ? (
        <ErrorAlert error={history.error} className="mt-2" />
      ) : history.data.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No audits yet: each inspection adds an entry here, with what changed since the one before.</p>
      ) : (
        <div aria-busy={history.isPlaceholderData || undefined} className={history.isPlaceholderData ? "opacity-60" : undefined}>
          <ol className="mt-2 space-y-0 border-l-2 border-slate-200" data-testid="url-history">
            {fold(history.data.data, offset, history.data.meta.total).map((item) =>
              item.kind === "entry"
                ? <Entry key={item.entry.id} entry={item.entry} place={item.place} />
                : <Quiet key={item.entries[0].id} entries={item.entries} />)}
          </ol>
          <Pagination
            label="History pages"
            offset={offset}
            limit={history.data.meta.limit}
            total={history.data.meta.total}
            shown={history.data.data.length}
            onOffset={onOffset}
          />
        </div>
      )}
    </section>
  );
}

function When({ entry }: { entry: UrlHistoryEntry }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <time dateTime={entry.observedAt} className="font-medium text-slate-900">{formatDateTime(entry.observedAt)}</time>
      <span className="text-slate-600">
        {HISTORY_KIND_LABELS[entry.kind] ?? entry.kind}
        {entry.source ? ` · ${INSPECTION_SOURCE_LABELS[entry.source] ?? entry.source}` : ""}
      </span>
    </p>
  );
}

const FIRST: Record<UrlHistoryEntry["kind"], string> = { audit: "First audit.", engineA: "Google's first answer.", engineB: "Bing's first answer." };

function Entry({ entry, place }: { entry: UrlHistoryEntry; place: Place }) {
  const changed = changesOf(entry);
  return (
    <li className="relative pb-4 pl-4 last:pb-0" data-testid="history-entry">
      <span aria-hidden="true" className="absolute -left-[5px] top-1.5 size-2 rounded-full bg-slate-400" />
      <When entry={entry} />
      {entry.kind === "audit" ? <AuditSeen entry={entry} /> : <EngineSaid entry={entry} />}
      {(changed.length > 0 || place === "first") && (
        <p className="mt-1 text-xs text-slate-600">
          {changed.length > 0 ? <>Changed: <span className="text-slate-800">{changed.join(", ")}</span></> : FIRST[entry.kind]}
        </p>
      )}
    </li>
  );
}

function AuditSeen({ entry }: { entry: Extract<UrlHistoryEntry, { kind: "audit" }> }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm">
      <Badge tone={HEALTH_TONE[entry.state.healthState]}>
        {healthText(entry.state.healthState, true, entry.state.indexability === "blocked_by_robots")}
        {entry.state.httpStatus !== null ? ` · ${entry.state.httpStatus}` : ""}
      </Badge>
      <Badge tone={INDEXABILITY_TONE[entry.state.indexability]}>{indexabilityText(entry.state.indexability, true)}</Badge>
      {entry.state.hops.length > 0 && <span className="text-xs text-slate-600">{entry.state.hops.length} redirect {entry.state.hops.length === 1 ? "hop" : "hops"}</span>}
      {entry.state.wafVendor && <Badge tone="warning">WAF: {entry.state.wafVendor}</Badge>}
    </p>
  );
}

/** An engine's answer in words, and the link to the inspection in Google Search Console when there is one. */
function EngineSaid({ entry }: { entry: UrlHistoryEntry }) {
  const s = entry.state as Record<string, unknown>;
  const link = typeof s.inspectionResultLink === "string" && /^https:\/\//.test(s.inspectionResultLink) ? s.inspectionResultLink : null;
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="history-engine-answer">
      {engineAnswerText(entry.kind === "engineB" ? "engineB" : "engineA", s)}
      {link && (
        <>
          {" "}
          <a href={link} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">
            See this inspection in Google Search Console<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

/** Checks that found nothing new, folded: how many, of what, over which dates; opened, each with its time. */
function Quiet({ entries }: { entries: UrlHistoryEntry[] }) {
  const n = entries.length;
  const kinds = [...new Set(entries.map((e) => HISTORY_KIND_LABELS[e.kind] ?? e.kind))].join(", ");
  const newest = entries[0].observedAt;
  const oldest = entries[n - 1].observedAt;
  const span = formatDate(newest) === formatDate(oldest) ? formatDate(newest) : `${formatDate(oldest)} – ${formatDate(newest)}`;
  return (
    <li className="relative pb-4 pl-4 last:pb-0" data-testid="history-quiet">
      <span aria-hidden="true" className="absolute -left-[4px] top-2 size-1.5 rounded-full bg-slate-300" />
      <details className="text-sm text-slate-600">
        <summary className="cursor-pointer">
          {n === 1 ? "1 check" : `${n} checks`} ({kinds}) found nothing new · {span}
        </summary>
        <ul className="mt-1 space-y-0.5 text-xs">
          {entries.map((e) => (
            <li key={e.id}>
              <time dateTime={e.observedAt}>{formatDateTime(e.observedAt)}</time> · {HISTORY_KIND_LABELS[e.kind] ?? e.kind}
              {e.source ? ` · ${INSPECTION_SOURCE_LABELS[e.source] ?? e.source}` : ""}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

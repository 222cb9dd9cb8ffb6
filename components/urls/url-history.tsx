"use client";

import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import type { Paged, UrlHistoryEntry } from "@/lib/queries/urls";
import type { UseQueryResult } from "@tanstack/react-query";
import { AUDIT_FIELD_LABELS, HEALTH_TONE, healthText, HISTORY_KIND_LABELS, INDEXABILITY_TONE, indexabilityText, INSPECTION_SOURCE_LABELS } from "./labels";

const fieldLabel = (f: string) => AUDIT_FIELD_LABELS[f] ?? f;

/** The URL's observations, newest first: when, what kind, why it ran, what it saw and what changed since the one before. */
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
            {history.data.data.map((entry, i) => (
              <Entry key={entry.id} entry={entry} first={offset + i === history.data.meta.total - 1} />
            ))}
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

function Entry({ entry, first }: { entry: UrlHistoryEntry; first: boolean }) {
  const changed = entry.changed.map(fieldLabel);
  return (
    <li className="relative pb-4 pl-4 last:pb-0" data-testid="history-entry">
      <span aria-hidden="true" className="absolute -left-[5px] top-1.5 size-2 rounded-full bg-slate-400" />
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <time dateTime={entry.observedAt} className="font-medium text-slate-900">{formatDateTime(entry.observedAt)}</time>
        <span className="text-slate-600">
          {HISTORY_KIND_LABELS[entry.kind] ?? entry.kind}
          {entry.source ? ` · ${INSPECTION_SOURCE_LABELS[entry.source] ?? entry.source}` : ""}
        </span>
      </p>
      {entry.kind === "audit" ? (
        <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm">
          <Badge tone={HEALTH_TONE[entry.state.healthState]}>
            {healthText(entry.state.healthState, true, entry.state.indexability === "blocked_by_robots")}
            {entry.state.httpStatus !== null ? ` · ${entry.state.httpStatus}` : ""}
          </Badge>
          <Badge tone={INDEXABILITY_TONE[entry.state.indexability]}>{indexabilityText(entry.state.indexability, true)}</Badge>
          {entry.state.hops.length > 0 && <span className="text-xs text-slate-600">{entry.state.hops.length} redirect {entry.state.hops.length === 1 ? "hop" : "hops"}</span>}
          {entry.state.wafVendor && <Badge tone="warning">WAF: {entry.state.wafVendor}</Badge>}
        </p>
      ) : (
        <EngineState state={entry.state} />
      )}
      <p className="mt-1 text-xs text-slate-600">
        {changed.length > 0 ? <>Changed: <span className="text-slate-800">{changed.join(", ")}</span></> : first ? "First observation." : "Nothing changed."}
      </p>
    </li>
  );
}

/** Engine observations carry the engine's own fields; their plain values are shown as they are. */
function EngineState({ state }: { state: Record<string, unknown> }) {
  const plain = Object.entries(state).filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean");
  if (plain.length === 0) return null;
  return (
    <p className="mt-1 text-xs text-slate-700">
      {plain.map(([k, v]) => (
        <span key={k} className="mr-3 inline-block"><span className="text-slate-600">{k}</span>: {String(v)}</span>
      ))}
    </p>
  );
}

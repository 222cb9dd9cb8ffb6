"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { URL_FIELD_CHANGES_PAGE, urlFieldChangesQuery } from "@/lib/queries/site-changes";
import type { ProjectPath } from "@/lib/queries/urls";

const PAGE = URL_FIELD_CHANGES_PAGE;

/** The URL's field history in words: "Title changed from … to …", "noindex added". */
export function UrlFieldHistory({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery(urlFieldChangesQuery(projectRef, urlId, { ...PAGE, offset }));
  return (
    <section aria-labelledby="url-field-history-heading" data-testid="url-field-history">
      <h3 id="url-field-history-heading" className="text-sm font-semibold">What changed on the page</h3>
      {q.isPending ? (
        <div className="mt-2 h-10 animate-pulse rounded bg-slate-100" />
      ) : q.isError ? (
        <ErrorAlert error={q.error} className="mt-2" />
      ) : !q.data.data.length ? (
        <p className="mt-1 text-sm text-slate-600">No change seen yet: each audit compares the status, canonical, robots directives, title, description, H1, hreflang, structured data, main text and internal links with the audit before.</p>
      ) : (
        <>
          <ul className="mt-2 space-y-1.5">
            {q.data.data.map((c, i) => (
              <li key={`${c.observedAt}-${c.field}-${i}`} className="flex flex-wrap items-baseline gap-2 text-sm">
                <span className="whitespace-nowrap text-slate-500">{formatDateTime(c.observedAt)}</span>
                <span className="wrap-anywhere text-slate-900">{c.text}</span>
                {c.source === "sentinel" && <Badge tone="info">Sentinel</Badge>}
              </li>
            ))}
          </ul>
          <Pagination label="Field changes" offset={offset} limit={PAGE.limit} total={q.data.meta.total} shown={q.data.data.length} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}

"use client";

import { useRef } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { ImportDropZone } from "@/components/imports/import-drop-zone";
import { ImportHistoryTable } from "@/components/imports/import-history-table";
import { ImportPanel } from "@/components/imports/import-panel";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { importsQuery } from "@/lib/queries/imports";
import { IMPORTS_PAGE_SIZE, importsHref, importsRange, parseImportsSearch, type ImportsSearch } from "./search-params";

export function ImportsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = parseImportsSearch((k) => searchParams.get(k));
  const range = importsRange(search.page);
  const imports = useQuery(importsQuery(ref, range));
  const panelRef = useRef<HTMLDivElement>(null);

  const go = (next: Partial<ImportsSearch>) => window.history.pushState(null, "", importsHref(pathname, { ...search, ...next }));
  const open = (importId: string) => {
    go({ importId });
    requestAnimationFrame(() => panelRef.current?.focus());
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="import-heading" className="space-y-3">
        <div>
          <h2 id="import-heading" className="text-lg font-semibold">Import URLs</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Upload a CSV file (URLs in the first column) or a text file (one URL per line), up to 50,000 rows and 5 MiB. You see a preview first;
            nothing is added until you commit it, and imports cost no credits.
          </p>
        </div>
        <ImportDropZone projectRef={ref} onUploaded={(i) => open(i.id)} />
      </section>

      {search.importId && (
        <div ref={panelRef} tabIndex={-1} className="focus:outline-none">
          <ImportPanel key={search.importId} projectRef={ref} importId={search.importId} onClose={() => go({ importId: null })} />
        </div>
      )}

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-lg font-semibold">History</h2>
        {imports.isPending ? (
          <ListSkeleton label="Loading imports…" rows={4} />
        ) : imports.isError ? (
          <QueryError error={imports.error} retry={imports.refetch} />
        ) : imports.data.data.length === 0 ? (
          <EmptyState title={imports.data.meta.total === 0 ? "No imports yet" : "There are no imports on this page"}>
            {imports.data.meta.total === 0 ? "Drop a CSV or text file above to preview it; your imports and their progress will be listed here." : "Go back to the first page of the history."}
          </EmptyState>
        ) : (
          <div aria-busy={imports.isPlaceholderData || undefined} className={imports.isPlaceholderData ? "opacity-60" : undefined}>
            <ImportHistoryTable imports={imports.data.data} currentId={search.importId} onOpen={open} />
            <Pagination
              label="Import history pages"
              offset={range.offset}
              limit={IMPORTS_PAGE_SIZE}
              total={imports.data.meta.total}
              shown={imports.data.data.length}
              onOffset={(offset) => go({ page: Math.floor(offset / IMPORTS_PAGE_SIZE) + 1 })}
            />
          </div>
        )}
      </section>
    </div>
  );
}

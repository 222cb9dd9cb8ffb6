"use client";

import { useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { AdmitUrlsDialog } from "@/components/urls/admit-urls-dialog";
import { CheckAgain } from "@/components/urls/check-again";
import { DeclareSelectedRemoval } from "@/components/removals/declare-selected-removal";
import { UrlDetailDialog } from "@/components/urls/url-detail-dialog";
import { UrlFiltersForm } from "@/components/urls/url-filters-form";
import { UrlTable } from "@/components/urls/url-table";
import { UntrackedPages } from "@/components/urls/untracked-pages";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { urlsQuery, type UrlFilters } from "@/lib/queries/urls";
import { pageRange, parseUrlsSearch, URLS_PAGE_SIZE, urlsHref, type UrlsSearch } from "./search-params";

export function UrlsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = parseUrlsSearch((k) => searchParams.get(k));
  const range = pageRange(search.page);
  const urls = useQuery(urlsQuery(ref, search.filters, range, search.sort));
  const [admitting, setAdmitting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only the rows shown count: a selection never reaches across pages or filters unseen.
  const shown = urls.data?.data ?? [];
  const selectedIds = shown.filter((u) => selected.has(u.id)).map((u) => u.id);
  const toggle = (urlId: string) => setSelected((prev) => {
    const next = new Set(prev);
    if (!next.delete(urlId)) next.add(urlId);
    return next;
  });
  const toggleAll = (select: boolean) => setSelected(select ? new Set(shown.map((u) => u.id)) : new Set());
  const filtered = Object.keys(search.filters).length > 0;

  // Filters, order, page and the open URL live in the address (reload and shared links land on them);
  // history.pushState keeps the navigation client-side, and Next's useSearchParams follows it.
  const go = (next: Partial<UrlsSearch>) => window.history.pushState(null, "", urlsHref(pathname, { ...search, ...next }));
  const setFilters = (filters: UrlFilters) => go({ filters, page: 1 });
  const setSort = (sort: string | null) => go({ sort, page: 1 });

  return (
    <section aria-labelledby="urls-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="urls-heading" className="text-lg font-semibold">URLs</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Every URL this project tracks, with its health, indexability, what both search engines report and its Google Search clicks and impressions.
          </p>
        </div>
        <Button onClick={() => setAdmitting(true)} aria-haspopup="dialog">Add URLs</Button>
      </div>

      <UntrackedPages projectRef={ref} />

      <UrlFiltersForm filters={search.filters} onChange={setFilters} sort={search.sort} onSort={setSort} />

      {urls.isPending ? (
        <ListSkeleton label="Loading URLs…" rows={8} />
      ) : urls.isError ? (
        <QueryError error={urls.error} retry={urls.refetch} />
      ) : urls.data.data.length === 0 ? (
        filtered ? (
          <EmptyState title="No URLs match these filters" action={<Button variant="secondary" onClick={() => setFilters({})}>Clear filters</Button>}>
            Loosen or clear the filters to see more of the inventory.
          </EmptyState>
        ) : urls.data.meta.total > 0 ? (
          <EmptyState title="There are no URLs on this page" action={<Button variant="secondary" onClick={() => go({ page: 1 })}>Go to the first page</Button>} />
        ) : (
          <EmptyState title="No URLs tracked yet" action={<Button onClick={() => setAdmitting(true)} aria-haspopup="dialog">Add URLs</Button>}>
            Sync the sitemap from the Sitemaps tab, import a CSV file from the Imports tab, or paste URLs here.
          </EmptyState>
        )
      ) : (
        <div aria-busy={urls.isPlaceholderData || undefined} className={urls.isPlaceholderData ? "opacity-60" : undefined}>
          <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="selected-count">
              {selectedIds.length === 0 ? "No URLs selected." : `${selectedIds.length} selected on this page.`}
            </p>
            <CheckAgain
              projectRef={ref}
              urlIds={selectedIds}
              label="Check selected again"
              disabledReason="Select URLs with the checkboxes to queue them for inspection at top priority."
              onQueued={() => setSelected(new Set())}
            />
            <DeclareSelectedRemoval projectRef={ref} urlIds={selectedIds} filters={search.filters} matching={urls.data.meta.total} onDeclared={() => setSelected(new Set())} />
          </div>
          <UrlTable urls={urls.data.data} onOpen={(urlId) => go({ urlId })} selection={{ selected, onToggle: toggle, onToggleAll: toggleAll }} />
          <Pagination
            label="URL pages"
            offset={range.offset}
            limit={URLS_PAGE_SIZE}
            total={urls.data.meta.total}
            shown={urls.data.data.length}
            onOffset={(offset) => go({ page: Math.floor(offset / URLS_PAGE_SIZE) + 1 })}
          />
        </div>
      )}

      {search.urlId && <UrlDetailDialog key={search.urlId} projectRef={ref} urlId={search.urlId} onClose={() => go({ urlId: null })} />}
      {admitting && <AdmitUrlsDialog projectRef={ref} onClose={() => setAdmitting(false)} />}
    </section>
  );
}

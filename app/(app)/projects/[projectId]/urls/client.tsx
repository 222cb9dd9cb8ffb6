"use client";

import { useId, useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { AdmitUrlsDialog } from "@/components/urls/admit-urls-dialog";
import { BulkActions, type BulkTarget } from "@/components/urls/bulk-actions";
import { ColumnChooser } from "@/components/urls/column-chooser";
import { URL_COLUMN_FIELDS, useUrlColumns } from "@/components/urls/url-columns";
import { UrlDetailDialog } from "@/components/urls/url-detail-dialog";
import { UrlFiltersForm } from "@/components/urls/url-filters-form";
import { UrlSearchBox } from "@/components/urls/url-search-box";
import { UrlTable } from "@/components/urls/url-table";
import { UntrackedPages } from "@/components/urls/untracked-pages";
import { ExcludedUrls } from "@/components/urls/excluded-urls";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-error";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { urlsExportHref, urlsQuery, type UrlFilters } from "@/lib/queries/urls";
import { MAX_Q_LENGTH, pageRange, parseUrlsSearch, URLS_PAGE_SIZES, urlsHref, type UrlsSearch } from "./search-params";
import { urlCount } from "@/components/urls/labels";


export function UrlsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const sizeId = useId();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = parseUrlsSearch((k) => searchParams.get(k));
  const range = pageRange(search.page, search.size);
  const urls = useQuery(urlsQuery(ref, search.filters, range, search.sort));
  const [columns, setColumns] = useUrlColumns();
  const [admitting, setAdmitting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // "Every URL the filters match", for the filters it was chosen under (another search or filter drops it).
  const filtersKey = JSON.stringify(search.filters);
  const [allMatching, setAllMatching] = useState<string | null>(null);

  // Only the rows shown count: a selection never reaches across pages or filters unseen.
  const shown = urls.data?.data ?? [];
  const total = urls.data?.meta.total ?? 0;
  const selectedIds = shown.filter((u) => selected.has(u.id)).map((u) => u.id);
  const everyMatch = allMatching === filtersKey && total > 0;
  const toggle = (urlId: string) => {
    setAllMatching(null);
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(urlId)) next.add(urlId);
      return next;
    });
  };
  const toggleAll = (select: boolean) => {
    setAllMatching(null);
    setSelected(select ? new Set(shown.map((u) => u.id)) : new Set());
  };
  const clearSelection = () => { setSelected(new Set()); setAllMatching(null); };
  const filtered = Object.keys(search.filters).length > 0;

  // Search, filters, order, page, page size and the open URL live in the address (reload, back and shared links land
  // on them); history.pushState keeps the navigation client-side, and Next's useSearchParams follows it. A search
  // adds one history entry while it is typed (later keystrokes replace it).
  const href = (next: Partial<UrlsSearch>) => urlsHref(pathname, { ...search, ...next });
  const go = (next: Partial<UrlsSearch>, replace = false) => {
    if (replace) window.history.replaceState(null, "", href(next));
    else window.history.pushState(null, "", href(next));
  };
  const setFilters = (filters: UrlFilters) => go({ filters: { ...filters, ...(search.filters.q ? { q: search.filters.q } : {}) }, page: 1 });
  const clearAll = () => go({ filters: {}, page: 1 });
  const setSort = (sort: string | null) => go({ sort, page: 1 });
  const setQuery = (q: string, first: boolean) => go({ filters: q ? { ...withoutQ(search.filters), q } : withoutQ(search.filters), page: 1 }, !first);

  const target: BulkTarget | null = everyMatch
    ? { kind: "all", selection: { filter: search.filters, expectedCount: total }, total }
    : selectedIds.length ? { kind: "ids", ids: selectedIds } : null;
  const exportHref = urlsExportHref(ref, search.filters, search.sort, target?.kind === "ids" ? target.ids : undefined, ["url", ...columns.flatMap((c) => URL_COLUMN_FIELDS[c])]);
  const allOnPage = shown.length > 0 && selectedIds.length === shown.length;

  return (
    <section aria-labelledby="urls-heading" className="space-y-4" data-wide>
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
      <ExcludedUrls projectRef={ref} />

      <div className="flex flex-wrap items-end gap-3">
        <UrlSearchBox value={search.filters.q ?? ""} onSearch={setQuery} maxLength={MAX_Q_LENGTH} />
        <ColumnChooser columns={columns} onChange={setColumns} />
      </div>

      <UrlFiltersForm filters={withoutQ(search.filters)} onChange={setFilters} sort={search.sort} onSort={setSort} />

      {urls.isPending ? (
        <ListSkeleton label="Loading URLs…" rows={8} />
      ) : urls.isError ? (
        <QueryError error={urls.error} retry={urls.refetch} />
      ) : urls.data.data.length === 0 ? (
        filtered ? (
          <EmptyState title={search.filters.q ? `No URLs contain “${search.filters.q}”` : "No URLs match these filters"}
            action={<Button variant="secondary" onClick={clearAll}>Clear the search and filters</Button>}>
            Loosen or clear the search and the filters to see more of the inventory.
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
          <div className="mb-3 space-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700" aria-live="polite">
              <p data-testid="match-count" className="font-medium text-slate-900">
                {filtered ? `${urlCount(total)} match` : `${urlCount(total)} tracked`}
              </p>
              <p data-testid="selected-count">
                {everyMatch ? `All ${urlCount(total)} ${filtered ? "matching the search and filters" : "of the project"} are selected.`
                  : selectedIds.length === 0 ? "No URLs selected." : `${selectedIds.length} selected on this page.`}
              </p>
              {allOnPage && !everyMatch && total > shown.length && (
                <button type="button" className="text-brand-700 underline underline-offset-2" onClick={() => setAllMatching(filtersKey)}>
                  Select all {urlCount(total)} {filtered ? "that match" : "of the project"}
                </button>
              )}
              {(everyMatch || selectedIds.length > 0) && (
                <button type="button" className="text-brand-700 underline underline-offset-2" onClick={clearSelection}>Clear the selection</button>
              )}
            </div>
            <BulkActions projectRef={ref} target={target} total={total} filters={search.filters} exportHref={exportHref} onDone={clearSelection} />
          </div>
          <UrlTable
            urls={urls.data.data} columns={columns} sort={search.sort} onSort={setSort}
            detailHref={(urlId) => href({ urlId })} onOpen={(urlId) => go({ urlId })}
            selection={{ selected: everyMatch ? new Set(shown.map((u) => u.id)) : selected, onToggle: toggle, onToggleAll: toggleAll }}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Pagination
              label="URL pages"
              offset={range.offset}
              limit={search.size}
              total={total}
              shown={urls.data.data.length}
              onOffset={(offset) => go({ page: Math.floor(offset / search.size) + 1 })}
            />
            <div className="mt-3 ml-auto flex items-center gap-2">
              <label htmlFor={sizeId} className="whitespace-nowrap text-sm text-slate-700">Rows per page</label>
              <select id={sizeId} value={search.size} onChange={(e) => go({ size: Number(e.target.value), page: 1 })} className={`${inputClasses} w-20!`}>
                {URLS_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </div>
          </div>
        </div>
      )}

      {search.urlId && (
        <UrlDetailDialog key={search.urlId} projectRef={ref} urlId={search.urlId} shareHref={href({ urlId: search.urlId })} onClose={() => go({ urlId: null })} />
      )}
      {admitting && <AdmitUrlsDialog projectRef={ref} onClose={() => setAdmitting(false)} />}
    </section>
  );
}

const withoutQ = ({ q: _q, ...rest }: UrlFilters): UrlFilters => rest;

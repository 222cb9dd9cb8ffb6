"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DeclareRemovalForm } from "@/components/removals/declare-removal-form";
import { ImportRemovalsPanel } from "@/components/removals/import-removals-panel";
import { RemovalBatchCard } from "@/components/removals/removal-batch-card";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { removalKeys, removalsQuery } from "@/lib/queries/removals";

export const REMOVALS_PAGE = { offset: 0, limit: 20 };

export function RemovalsClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const page = { ...REMOVALS_PAGE, offset };
  const q = useQuery(removalsQuery(ref, page));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: removalKeys.all(ref) });

  return (
    <div className="space-y-8">
      <section aria-labelledby="declare-heading" className="space-y-3">
        <h2 id="declare-heading" className="text-lg font-semibold text-slate-900">Declare a removal</h2>
        <p className="max-w-3xl text-sm text-slate-600">
          Pages that should leave the index after a migration, a range taken down or a leak: our audit checks that the site really says so, Google
          and Bing are asked until both have dropped them, and a URL still indexed after the time you allow is flagged as stuck.
        </p>
        <Card>
          <DeclareRemovalForm projectRef={ref} suggestions={q.data?.meta.suggestions ?? []} suggestionsTotal={q.data?.meta.suggestionsTotal ?? 0} onDeclared={refresh} />
        </Card>
        <Card>
          <section aria-labelledby="import-removals-heading" className="space-y-3">
            <h3 id="import-removals-heading" className="font-semibold text-slate-900">From a file</h3>
            <p className="max-w-3xl text-sm text-slate-600">
              A list from a migration or a console export: each row a URL, with its own intent and redirect target if you like. You see what will be
              declared, and every row left out with the reason, before anything is declared. The URL list declares a selection or everything a filter matches.
            </p>
            <ImportRemovalsPanel projectRef={ref} onDeclared={refresh} />
          </section>
        </Card>
      </section>
      <section aria-labelledby="batches-heading" className="space-y-3">
        <h2 id="batches-heading" className="text-lg font-semibold text-slate-900">Removals</h2>
        {q.isPending ? <ListSkeleton label="Loading removals…" rows={3} />
          : q.isError ? <QueryError error={q.error} retry={q.refetch} />
          : !q.data.data.length ? (
            <EmptyState title="No removal declared yet" headingLevel={3}>
              Paste the URLs you took down above, import them from a file, or pick the suggested ones: their removal from Google and Bing is followed to the end.
            </EmptyState>
          ) : (
            <div className="space-y-4">
              {q.data.data.map((b) => <RemovalBatchCard key={b.id} projectRef={ref} batch={b} onChanged={refresh} />)}
              <Pagination label="Removals" offset={offset} limit={REMOVALS_PAGE.limit} total={q.data.meta.total} shown={q.data.data.length} onOffset={setOffset} />
            </div>
          )}
      </section>
    </div>
  );
}

"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { SubmissionTable } from "@/components/submissions/submission-table";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { submissionsQuery } from "@/lib/queries/submissions";
import { pageFrom, SUBMISSIONS_PAGE_SIZE, submissionsHref, submissionsRange } from "./search-params";

export function SubmissionsClient({ orgId, projectId, keyVerified }: { orgId: string; projectId: string; keyVerified: boolean }) {
  const pathname = usePathname();
  const page = pageFrom(useSearchParams().get("page"));
  const range = submissionsRange(page);
  const submissions = useQuery(submissionsQuery({ orgId, projectId }, range));

  return (
    <section aria-labelledby="submissions-heading" className="space-y-4">
      <div>
        <h2 id="submissions-heading" className="text-lg font-semibold">IndexNow submissions</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          New and changed URLs are sent to IndexNow automatically, in batches. Each batch is listed with the endpoint&apos;s answer, newest first; open one to see its URLs.
        </p>
      </div>
      {submissions.isPending ? (
        <ListSkeleton label="Loading submissions…" rows={5} />
      ) : submissions.isError ? (
        <QueryError error={submissions.error} retry={submissions.refetch} />
      ) : submissions.data.data.length === 0 ? (
        submissions.data.meta.total > 0 ? (
          <EmptyState title="There are no submissions on this page" action={<Button variant="secondary" onClick={() => window.history.pushState(null, "", submissionsHref(pathname, 1))}>Go to the newest</Button>} />
        ) : keyVerified ? (
          <EmptyState title="No submissions yet">
            Your IndexNow key is verified: the next new or changed URLs (from a sitemap sync or an import) are submitted automatically and listed here.
          </EmptyState>
        ) : (
          <EmptyState title="No submissions yet" action={<Link href={`/projects/${projectId}/setup`} className={buttonClasses("primary")}>Set up IndexNow</Link>}>
            Submissions start once the project&apos;s IndexNow key is published on the site and verified.
          </EmptyState>
        )
      ) : (
        <div aria-busy={submissions.isPlaceholderData || undefined} className={submissions.isPlaceholderData ? "opacity-60" : undefined}>
          <SubmissionTable projectId={projectId} submissions={submissions.data.data} />
          <Pagination
            label="Submission pages"
            offset={range.offset}
            limit={SUBMISSIONS_PAGE_SIZE}
            total={submissions.data.meta.total}
            shown={submissions.data.data.length}
            onOffset={(offset) => window.history.pushState(null, "", submissionsHref(pathname, Math.floor(offset / SUBMISSIONS_PAGE_SIZE) + 1))}
          />
        </div>
      )}
    </section>
  );
}

import { IssueGroups } from "@/components/issues/issue-groups";
import { EmptyState } from "@/components/ui/empty-state";
import { sharePath } from "@/lib/share-links/internal";
import { SHARED_SCOPE } from "@/lib/share-links/scope";
import { sharedIssues } from "@/lib/share-links/shared-view";
import { sharedProjectOr404 } from "../shared-project";

export const metadata = { title: "Issues" };

/** The shared issues: every open group by severity, then the resolved ones; each opens its page inside the link. */
export default async function SharedIssuesPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { open, resolved, resolvedTotal } = await sharedIssues(await sharedProjectOr404(token));
  const issueHref = (issue: { type: string }) => `${sharePath(token)}/issues/${issue.type}`;
  return (
    <div className="space-y-8">
      <section aria-labelledby="open-heading" className="space-y-4">
        <div>
          <h2 id="open-heading" className="text-lg font-semibold">Open issues</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">Problems found on this site, one group per type, the most severe first.</p>
        </div>
        {open.length ? <IssueGroups projectId={SHARED_SCOPE} issues={open} issueHref={issueHref} />
          : <EmptyState title="No open issues">Nothing needs attention right now.</EmptyState>}
      </section>
      {resolved.length > 0 && (
        <section aria-labelledby="resolved-heading" className="space-y-4">
          <div>
            <h2 id="resolved-heading" className="text-lg font-semibold">Resolved</h2>
            <p className="mt-1 text-sm text-slate-600">
              {resolvedTotal > resolved.length ? `The ${resolved.length} most severe of ${resolvedTotal} resolved issue types.` : "Issue types that were fixed."}
            </p>
          </div>
          <IssueGroups projectId={SHARED_SCOPE} issues={resolved} issueHref={issueHref} />
        </section>
      )}
    </div>
  );
}

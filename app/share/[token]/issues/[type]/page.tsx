import Link from "next/link";
import { notFound } from "next/navigation";
import { IssueFacts } from "@/components/issues/issue-facts";
import { IssueGuidance } from "@/components/issues/issue-guidance";
import { IssueUrlsTable } from "@/components/issues/issue-urls-table";
import { SEVERITY_LABELS, SEVERITY_TONE, STATUS_LABELS, STATUS_TONE } from "@/components/issues/labels";
import { issueTitle } from "@/lib/issues/issue-types";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ISSUE_TYPES } from "@/lib/issues/schemas";
import { sharePath } from "@/lib/share-links/internal";
import { SHARED_SCOPE } from "@/lib/share-links/scope";
import { sharedIssue } from "@/lib/share-links/shared-view";
import { sharedProjectOr404 } from "../../shared-project";

type Params = { params: Promise<{ token: string; type: string }> };
const typeOf = (v: string) => (ISSUE_TYPES as readonly string[]).includes(v) ? (v as (typeof ISSUE_TYPES)[number]) : null;

export async function generateMetadata({ params }: Params) {
  const type = typeOf((await params).type);
  return { title: type ? issueTitle(type) : "Issue" };
}

/** One shared issue: what it is, why it matters, how to fix it, and its first URLs (affected ones first). */
export default async function SharedIssuePage({ params }: Params) {
  const { token, type: raw } = await params;
  const shared = await sharedProjectOr404(token);
  const type = typeOf(raw);
  const found = type && await sharedIssue(shared, type);
  if (!found) notFound();
  const { issue, urls, total } = found;
  return (
    <div className="space-y-6">
      <p><Link href={`${sharePath(token)}/issues`} className="text-sm text-brand-700 underline underline-offset-2">← All issues</Link></p>
      <Card>
        <h2 className="text-xl font-semibold">{issueTitle(issue.type)}</h2>
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge tone={SEVERITY_TONE[issue.severity]}>{SEVERITY_LABELS[issue.severity]}</Badge>
          <Badge tone={STATUS_TONE[issue.status]}>{STATUS_LABELS[issue.status]}</Badge>
        </div>
        <IssueFacts issue={issue} />
      </Card>
      <IssueGuidance type={issue.type} />
      {urls.length > 0 && (
        <section aria-labelledby="urls-heading" className="space-y-3">
          <h2 id="urls-heading" className="text-lg font-semibold">URLs</h2>
          {total > urls.length && <p className="text-sm text-slate-600">The first {urls.length} of {total.toLocaleString("en-US")}, those still affected first.</p>}
          <IssueUrlsTable projectId={SHARED_SCOPE} type={issue.type} memberships={urls} readOnly />
        </section>
      )}
    </div>
  );
}

import { Card } from "@/components/ui/card";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { issueTitle } from "@/lib/issues/issue-types";
import type { Issue } from "@/lib/queries/issues";

/** Why an issue type matters for search and how to fix it (lib/issues/guidance.ts). */
export function IssueGuidance({ type }: { type: Issue["type"] }) {
  const g = ISSUE_GUIDANCE[type];
  return (
    <Card>
      <section aria-labelledby="guidance-heading" data-testid="issue-guidance">
        <h2 id="guidance-heading" className="text-base font-semibold">{issueTitle(type)}: what to do</h2>
        <div className="mt-3 grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Why it matters</h3>
            <p className="mt-1 max-w-prose text-sm leading-6 text-slate-700">{g.whyItMatters}</p>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">How to fix it</h3>
            <p className="mt-1 max-w-prose text-sm leading-6 text-slate-700" data-testid="issue-how-to-fix">{g.howToFix}</p>
          </div>
        </div>
      </section>
    </Card>
  );
}

import { Badge } from "@/components/ui/badge";
import type { PortfolioProject } from "@/lib/queries/portfolio";

const LABELS: Record<PortfolioProject["connectionProblems"][number]["kind"], string> = {
  gsc_revoked: "Google revoked",
  engine_b_failing: "Bing failing",
  indexnow_key_failing: "IndexNow rejected",
};

/** One badge per connection problem (its explanation on hover and for screen readers), or a quiet "OK". */
export function ConnectionBadges({ problems }: { problems: PortfolioProject["connectionProblems"] }) {
  if (problems.length === 0) return <span className="text-xs text-slate-500">No problems</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Connection problems">
      {problems.map((p) => (
        <li key={p.kind} title={p.message}>
          <Badge tone="danger">
            {LABELS[p.kind]}
            <span className="sr-only">: {p.message}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

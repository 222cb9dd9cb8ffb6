import { Badge } from "@/components/ui/badge";
import type { PortfolioProject } from "@/lib/queries/portfolio";
import { connectionBadges } from "./connection-state";

/** One badge per failing or missing connection (its explanation on hover and for screen readers), or a quiet "All connected". */
export function ConnectionBadges({ project }: { project: Pick<PortfolioProject, "connectionProblems" | "connections"> }) {
  const badges = connectionBadges(project);
  if (badges.length === 0) return <span className="text-xs text-slate-500">Google and Bing connected</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Connection problems">
      {badges.map((b) => (
        <li key={b.key} title={b.message}>
          <Badge tone={b.tone}>
            {b.label}
            <span className="sr-only">: {b.message}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

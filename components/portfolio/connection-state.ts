import type { BadgeTone } from "@/components/ui/badge";
import type { PortfolioProject } from "@/lib/queries/portfolio";

export type ConnectionBadge = { key: string; label: string; tone: BadgeTone; message: string };

const PROBLEM_LABELS: Record<PortfolioProject["connectionProblems"][number]["kind"], string> = {
  gsc_revoked: "Google revoked",
  engine_b_failing: "Bing failing",
  indexnow_key_failing: "IndexNow rejected",
};

/**
 * What the Connections cell says of a project: its failing connections first, then an engine that is not connected
 * and ownership not proven. Empty only when both engines are connected and nothing fails.
 */
export function connectionBadges(p: Pick<PortfolioProject, "connectionProblems" | "connections">): ConnectionBadge[] {
  const badges: ConnectionBadge[] = p.connectionProblems.map((c) => ({ key: c.kind, label: PROBLEM_LABELS[c.kind], tone: "danger", message: c.message }));
  if (p.connections.engineA === "not_connected") {
    badges.push({ key: "gsc_not_connected", label: "Google missing", tone: "warning", message: "Google Search Console is not connected: connect it to get Google's verdicts" });
  }
  if (p.connections.engineB === "not_connected") {
    badges.push({ key: "engine_b_not_connected", label: "Bing missing", tone: "warning", message: "Bing Webmaster Tools is not connected: connect it to get Bing's verdicts" });
  }
  if (!p.connections.ownershipVerified) {
    badges.push({ key: "ownership_unverified", label: "Unverified", tone: "warning", message: "Ownership of the domain is not verified: prove it by DNS, the IndexNow key file or an engine connection" });
  }
  return badges;
}

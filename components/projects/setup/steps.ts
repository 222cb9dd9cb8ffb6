import type { Project } from "@/lib/queries/projects";

export const SETUP_STEPS = [
  { id: "domain", label: "Add domain" },
  { id: "probe", label: "Check the site" },
  { id: "ownership", label: "Prove ownership" },
  { id: "sync", label: "First sitemap sync" },
  { id: "done", label: "Done" },
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number]["id"];

/** Where a reopened setup continues: the first step whose result the project does not hold yet. */
export function initialSetupStep(p: Pick<Project, "lastAvailabilityCheckAt" | "verified" | "lastSitemapSyncAt">): SetupStep {
  if (!p.lastAvailabilityCheckAt) return "probe";
  if (!p.verified) return "ownership";
  if (!p.lastSitemapSyncAt) return "sync";
  return "done";
}

/** The steps whose result the project holds (a skipped ownership proof is not one of them). */
export function completedSetupSteps(p: Pick<Project, "lastAvailabilityCheckAt" | "verified" | "lastSitemapSyncAt">): Set<SetupStep> {
  const done = new Set<SetupStep>(["domain"]);
  if (p.lastAvailabilityCheckAt) done.add("probe");
  if (p.verified) done.add("ownership");
  if (p.lastSitemapSyncAt) done.add("sync");
  return done;
}

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

type StepFacts = Pick<Project, "lastAvailabilityCheckAt" | "verified" | "lastSitemapSyncAt"> & Partial<Pick<Project, "robotsTxtPresent">>;

/** The site was checked but did not answer: the check ran and found nothing it can vouch for. */
const probeFailed = (p: StepFacts) => Boolean(p.lastAvailabilityCheckAt) && p.robotsTxtPresent === null;

/**
 * The steps whose result the project holds (a skipped ownership proof is not one of them, nor a check of a site that
 * did not answer, nor a sync that read no sitemap: it does not stamp lastSitemapSyncAt).
 */
export function completedSetupSteps(p: StepFacts): Set<SetupStep> {
  const done = new Set<SetupStep>(["domain"]);
  if (p.lastAvailabilityCheckAt && !probeFailed(p)) done.add("probe");
  if (p.verified) done.add("ownership");
  if (p.lastSitemapSyncAt) done.add("sync");
  return done;
}

/** Steps that ran and need the owner's attention: the site check of a site that did not answer. */
export function attentionSetupSteps(p: StepFacts): Set<SetupStep> {
  return new Set<SetupStep>(probeFailed(p) ? ["probe"] : []);
}

const STEP_IDS = new Set<string>(SETUP_STEPS.map((s) => s.id));
/** `?step=` of the setup page, when it names a step. */
export const stepFromSearch = (value: string | null | undefined): SetupStep | null => (value && STEP_IDS.has(value) ? (value as SetupStep) : null);

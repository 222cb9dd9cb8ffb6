import type { BadgeTone } from "@/components/ui/badge";
export { MAX_REMOVAL_URLS } from "@/lib/removals/limits";

export const INTENT_LABELS: Record<string, { label: string; hint: string }> = {
  gone: { label: "Gone (404/410)", hint: "The pages answer 404 or 410" },
  redirected: { label: "Redirected", hint: "The pages redirect permanently (301/308) to a live page" },
  noindexed: { label: "Noindexed", hint: "The pages serve noindex to Googlebot and Bingbot" },
  blocked: { label: "Blocked by robots.txt", hint: "robots.txt disallows Googlebot and Bingbot (a blocked page can stay indexed)" },
};

export const STATE_LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "neutral" },
  confirmed_by_site: { label: "Confirmed by site", tone: "info" },
  removed: { label: "Removed", tone: "success" },
  stuck: { label: "Stuck", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

export const BATCH_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: "Following", tone: "info" },
  finished: { label: "Finished", tone: "success" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

export const ENGINE_NAMES = { engineA: "Google", engineB: "Bing" } as const;

export const count = (n: number) => n.toLocaleString("en-US");
export const days = (d: number | null) => (d === null ? "—" : `${d} day${d === 1 ? "" : "s"}`);

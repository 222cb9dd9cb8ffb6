import type { BadgeTone } from "@/components/ui/badge";

/** The events an endpoint can subscribe to (lib/events/catalogue.ts PUBLIC_EVENT_TYPES), in the form's order. */
export const PUBLIC_EVENTS = ["issue.opened", "issue.resolved", "url.dropped_from_index", "sync.completed", "import.completed", "url.removed", "removal.stuck"] as const;

export const EVENT_LABELS: Record<string, string> = {
  "issue.opened": "An issue group opens, or reopens",
  "issue.resolved": "An issue group is resolved (by hand, or when no URL has it any more)",
  "url.dropped_from_index": "A URL Google or Bing had indexed is no longer indexed there, with the likely cause",
  "sync.completed": "A sitemap sync finished",
  "import.completed": "A URL import finished",
  "url.removed": "A URL you declared removed is no longer indexed by Google and Bing",
  "removal.stuck": "A URL you declared removed is still indexed after the time you allowed",
  "webhook.test": "Test event",
};

export const DELIVERY_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Retrying", tone: "warning" },
  succeeded: { label: "Delivered", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

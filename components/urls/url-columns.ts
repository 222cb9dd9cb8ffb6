"use client";

import { useCallback, useSyncExternalStore } from "react";

// The URL table's optional columns: which exist, which show by default, and the person's choice, kept in this
// browser (localStorage) across visits and tabs. The URL column is always there.

export const URL_COLUMN_IDS = [
  "health", "indexability", "engineA", "engineB", "clicks", "impressions",
  "discovered", "ctr", "position", "lastImpression", "googleVerdict", "googlebot", "priority", "source",
] as const;
export type UrlColumnId = (typeof URL_COLUMN_IDS)[number];

/** The columns' names in the chooser (the headers say the same). */
export const URL_COLUMN_LABELS: Record<UrlColumnId, string> = {
  health: "Health", indexability: "Indexability", engineA: "Google", engineB: "Bing", clicks: "Clicks (28 d)", impressions: "Impressions (28 d)",
  discovered: "Discovered", ctr: "CTR (28 d)", position: "Position (28 d)", lastImpression: "Last shown in Google", googleVerdict: "Google verdict date",
  googlebot: "Last Googlebot visit", priority: "Priority", source: "Source",
};

/** The TrackedUrl fields behind each column: what the export writes for it (the URL itself always comes first). */
export const URL_COLUMN_FIELDS: Record<UrlColumnId, readonly string[]> = {
  health: ["healthState", "httpStatus"], indexability: ["indexability"], engineA: ["engineAState"], engineB: ["engineBState"],
  clicks: ["clicks28d"], impressions: ["impressions28d"], discovered: ["discoveredAt"], ctr: ["ctr28d"], position: ["position28d"],
  lastImpression: ["lastImpressionAt"], googleVerdict: ["engineAObservedAt"], googlebot: ["lastGooglebotFetchAt"], priority: ["priority"],
  source: ["source"],
};

/** What the table shows until the person chooses: it fits a 1280 px window with room for the URL. */
export const DEFAULT_URL_COLUMNS: readonly UrlColumnId[] = ["health", "indexability", "engineA", "engineB", "clicks", "impressions"];

const KEY = "indexwatch:url-columns:v1";
const listeners = new Set<() => void>();
const DEFAULT_SNAPSHOT = DEFAULT_URL_COLUMNS.join(",");

function read(): string {
  try {
    return window.localStorage.getItem(KEY) ?? DEFAULT_SNAPSHOT;
  } catch {
    return DEFAULT_SNAPSHOT; // storage refused (private mode): the defaults
  }
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => { if (e.key === KEY) onChange(); };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Known ids only, in the table's order (a stored list from an older version cannot break the table). */
const parse = (stored: string): UrlColumnId[] => {
  const chosen = new Set(stored.split(","));
  return URL_COLUMN_IDS.filter((id) => chosen.has(id));
};

/**
 * The chosen columns and a setter. The server renders the defaults and the browser switches to the stored choice
 * right after hydration (useSyncExternalStore's server snapshot), so the two renders never disagree.
 */
export function useUrlColumns(): [UrlColumnId[], (next: UrlColumnId[]) => void] {
  const stored = useSyncExternalStore(subscribe, read, () => DEFAULT_SNAPSHOT);
  const set = useCallback((next: UrlColumnId[]) => {
    try {
      window.localStorage.setItem(KEY, URL_COLUMN_IDS.filter((id) => next.includes(id)).join(","));
    } catch {
      /* not kept, but still applied below for this page */
    }
    for (const l of listeners) l();
  }, []);
  return [parse(stored), set];
}

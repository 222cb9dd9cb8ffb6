"use client";

import { useEffect, useState } from "react";
import { formatTime } from "@/components/ui/format";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { SYNC_DEBOUNCE_MS } from "@/lib/queries/sitemaps";

const TICK_MS = 15_000;

export type SyncLimit = {
  /** Within 15 minutes of the last sync start (or of a 429's Retry-After): "Sync now" stays disabled. */
  waiting: boolean;
  /** "Next sync allowed at 14:05 UTC (in 12 min)" while waiting, else null. */
  label: string | null;
  /** Pass a failed sync's error: a 429 says when the limit ends. */
  noteError: (error: unknown) => void;
  /** Call when a sync attempt has settled (and the project was read again): counts from this moment. */
  refresh: () => void;
};

/**
 * The sitemap sync limit as the API applies it (one sync per project every 15 minutes, 429 before
 * that), for every "Sync now" button. `serverNow` is the request's time: the first render uses it on
 * both sides, so the markup matches; the browser's clock takes over after hydration.
 */
export function useSyncLimit(lastSitemapSyncAt: string | null, serverNow: number): SyncLimit {
  const [now, setNow] = useState(serverNow);
  const [retryAt, setRetryAt] = useState<number | null>(null);

  const lastStart = lastSitemapSyncAt ? Date.parse(lastSitemapSyncAt) : null;
  const nextAllowed = Math.max(lastStart === null ? 0 : lastStart + SYNC_DEBOUNCE_MS, retryAt ?? 0);
  const waiting = nextAllowed > now;

  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, []);
  // Open the button the moment the limit ends rather than at the next tick.
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => setNow(Date.now()), Math.max(0, nextAllowed - Date.now()) + 50);
    return () => clearTimeout(t);
  }, [waiting, nextAllowed]);

  const minutes = Math.max(1, Math.ceil((nextAllowed - now) / 60_000));
  return {
    waiting,
    label: waiting ? `Next sync allowed at ${formatTime(new Date(nextAllowed).toISOString())} (in ${minutes} min)` : null,
    noteError: (error) => {
      const seconds = error instanceof ApiRequestError && error.code === "SYNC_RATE_LIMITED" ? Number(error.meta?.retryAfterSeconds) : NaN;
      if (Number.isFinite(seconds)) setRetryAt(Date.now() + seconds * 1000);
    },
    refresh: () => setNow(Date.now()),
  };
}

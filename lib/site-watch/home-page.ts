import type { SafeFetcher } from "@/lib/net/safe-fetch";

export type HomePageCheck = { status: number | null; finalUrl: string | null; error: string | null };

/**
 * GETs https://{domain}/ through the safe fetcher, following up to 10 redirects, and keeps the final status and
 * address (the body is not read). The address it resolves to is the origin whose robots.txt the watch reads.
 */
export async function checkHomePage(fetcher: SafeFetcher, domain: string): Promise<HomePageCheck> {
  const res = await fetcher.stream(`https://${domain}/`, { maxRedirects: 10, totalTimeoutMs: 15_000, headers: { accept: "text/html,*/*;q=0.5" } });
  if (!res.ok) return { status: res.error.hops.at(-1)?.status ?? null, finalUrl: res.error.hops.at(-1)?.url ?? null, error: res.error.message };
  res.body.destroy();
  return { status: res.status, finalUrl: res.finalUrl, error: null };
}

/** The origin a home page check points the watch at: the final address's, when it answered at all. */
export function originOf(check: HomePageCheck): string | null {
  if (!check.finalUrl || check.status === null) return null;
  try {
    return new URL(check.finalUrl).origin;
  } catch {
    return null;
  }
}

import { isBareDomain } from "@/lib/projects/bare-domain";

/** What the API does to a domain before validating it: trim and lowercase. */
export const normalizeDomain = (s: string) => s.trim().toLowerCase();

/** "https://www.Shop.com/path" → "www.shop.com": the host of a pasted URL, when it is a valid bare domain. */
export function suggestDomain(raw: string): string | null {
  const value = normalizeDomain(raw);
  if (!value || isBareDomain(value)) return null;
  try {
    const host = new URL(value.includes("://") ? value : `https://${value}`).hostname.replace(/\.$/, "");
    return host && host !== value && isBareDomain(host) ? host : null;
  } catch {
    return null;
  }
}

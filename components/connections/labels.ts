// Plain words for the connection errors the API answers (codes and meta.reason of docs/guide/coverage.md, "Search engine connections").
import { ApiRequestError } from "@/lib/queries/fetch-api";

export const QUOTA_NOTE = "URL inspections through Google Search Console, per property per day (Pacific time)";

const STATE_REASONS: Record<string, string> = {
  mismatch: "The answer from Google does not match a connection started here.",
  other_project: "This consent was started for another project.",
  other_user: "This consent was started by another user.",
  reused: "This consent was already used to connect.",
  expired: "More than 10 minutes passed since the consent was started.",
};

const CODE_REASONS: Record<string, string> = {
  scope_not_granted: "The permission to view your Search Console data was not granted. Start again and leave that box ticked.",
  grant_revoked: "The access was removed in your Google Account before it could be used.",
  invalid_code: "Google did not accept this consent any more.",
  rejected: "Google did not accept this consent any more.",
};

const ENGINE_B_REASONS: Record<string, string> = {
  site_not_verified: "Bing Webmaster Tools lists the site for this key but has not verified it yet: finish its verification there first.",
  site_not_found: "If the site is verified in another Bing Webmaster Tools account, use that account's key instead.",
};

const reasonOf = (error: unknown) => (error instanceof ApiRequestError && typeof error.meta?.reason === "string" ? error.meta.reason : "");

/** A sentence after the API's message saying what to do next, or null when the message says it all. */
export function connectionErrorHint(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const reason = reasonOf(error);
  switch (error.code) {
    case "OAUTH_STATE_INVALID":
      return `${STATE_REASONS[reason] ?? ""} Start the connection again from the project's Connections page.`.trim();
    case "OAUTH_CODE_INVALID":
      return `${CODE_REASONS[reason] ?? ""} Start the connection again from the project's Connections page.`.trim();
    case "UPSTREAM_ERROR":
      return "The search engine did not answer as expected or asked us to slow down. Nothing was changed; try again in a minute.";
    case "INTEGRATION_NOT_CONFIGURED":
      return "An administrator of this IndexWatch server has to set it up first.";
    case "ENGINE_KEY_INVALID":
      // The API's message says it: refused, copy the key again.
      return null;
    case "ENGINE_SITE_NOT_VERIFIED":
      return ENGINE_B_REASONS[reason] ?? null;
    default:
      return null;
  }
}

/** The sites Bing Webmaster Tools lists for the key (409 ENGINE_SITE_NOT_VERIFIED, site_not_found). */
export function engineBSitesOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.meta?.sites)) return [];
  return (error.meta.sites as unknown[]).map((s) => (typeof s === "string" ? s : typeof s === "object" && s && "url" in s ? String((s as { url: unknown }).url) : "")).filter(Boolean);
}

/** The user's properties that cover the domain (409 PROPERTY_NOT_COVERED). */
export function coveringPropertiesOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || error.code !== "PROPERTY_NOT_COVERED" || !Array.isArray(error.meta?.properties)) return [];
  return (error.meta.properties as unknown[]).filter((p): p is string => typeof p === "string");
}

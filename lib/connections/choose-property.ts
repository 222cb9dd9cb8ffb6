import type { GscSite } from "@/lib/engines/gsc";
import { parseProperty, type ParsedProperty } from "@/lib/engines/property";
import { propertyCoversDomain } from "@/lib/engines/property-covers-domain";

export type PropertyChoice =
  | { ok: true; site: GscSite }
  /** not_listed: the user has no such property; unverified: listed without a verified permission; not_covering: it does not cover the domain. */
  | { ok: false; reason: "not_listed" | "unverified" | "not_covering"; covering: string[] };

/**
 * Checks the requested property against the user's site list and the project domain. Properties compare
 * as gsc does ("sc-domain:" and scheme/host case-insensitively, a prefix without its final "/"
 * meaning the same folder). `covering` lists the user's verified properties that do cover the domain.
 */
export function chooseProperty(sites: readonly GscSite[], propertyUrl: string, domain: string): PropertyChoice {
  const covering = sites.filter((s) => s.verified && propertyCoversDomain(s.siteUrl, domain)).map((s) => s.siteUrl);
  const wanted = parseProperty(propertyUrl);
  const listed = wanted ? sites.filter((s) => sameProperty(parseProperty(s.siteUrl), wanted)) : [];
  const verified = listed.find((s) => s.verified);
  if (!listed.length) return { ok: false, reason: "not_listed", covering };
  if (!verified) return { ok: false, reason: "unverified", covering };
  if (!propertyCoversDomain(verified.siteUrl, domain)) return { ok: false, reason: "not_covering", covering };
  return { ok: true, site: verified };
}

function sameProperty(a: ParsedProperty | null, b: ParsedProperty): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === "domain" && b.kind === "domain") return a.domain === b.domain;
  return a.kind === "prefix" && b.kind === "prefix" && a.protocol === b.protocol && a.host === b.host && a.port === b.port && a.path === b.path;
}

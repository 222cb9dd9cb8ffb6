import { normalizeHost, parseProperty } from "./property";

/**
 * Whether the property covers the whole site of `domain`: `sc-domain:example.com` covers example.com
 * (and its subdomains); `https://example.com/` and `http://example.com/` cover example.com;
 * `https://www.example.com/`, a sub-folder or another port do not.
 */
export function propertyCoversDomain(siteUrl: string, domain: string): boolean {
  const host = normalizeHost(domain);
  const property = parseProperty(siteUrl);
  if (!host || !property) return false;
  if (property.kind === "domain") return host === property.domain || host.endsWith(`.${property.domain}`);
  return property.host === host && property.port === "" && property.path === "/";
}

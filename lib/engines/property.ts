// gsc properties: "sc-domain:<domain>" (the domain and all its subdomains, both schemes) or a
// URL prefix ending in "/" (one scheme, one host, one port, paths under it). Scheme, host and the
// "sc-domain:" prefix compare case-insensitively; the path is case-sensitive.

export type ParsedProperty =
  | { kind: "domain"; domain: string }
  | { kind: "prefix"; protocol: "http:" | "https:"; host: string; port: string; path: string };

export function parseProperty(siteUrl: string): ParsedProperty | null {
  const raw = siteUrl.trim();
  const domainMatch = /^sc-domain:(.+)$/i.exec(raw);
  if (domainMatch) {
    const domain = normalizeHost(domainMatch[1]);
    return domain ? { kind: "domain", domain } : null;
  }
  const url = parseHttpUrl(raw);
  if (!url || url.search || url.hash || url.username || url.password) return null;
  // Properties always end with "/"; a prefix typed without it means the same folder.
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  return { kind: "prefix", protocol: url.protocol as "http:" | "https:", host: stripDot(url.hostname), port: url.port, path };
}

/** The lowercased ASCII (punycode) host of a bare domain; null when it is not one. */
export function normalizeHost(domain: string): string | null {
  const d = domain.trim();
  if (!d || /[/:?#@\s]/.test(d)) return null;
  const url = parseHttpUrl(`http://${d}/`);
  return url ? stripDot(url.hostname) || null : null;
}

export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export const stripDot = (host: string) => host.replace(/\.$/, "");

import { parseHttpUrl, parseProperty, stripDot } from "./property";

/** Whether `url` lies inside the property (gsc refuses to inspect one that does not). */
export function urlInProperty(url: string, siteUrl: string): boolean {
  const target = parseHttpUrl(url.trim());
  const property = parseProperty(siteUrl);
  if (!target || !property) return false;
  const host = stripDot(target.hostname);
  if (property.kind === "domain") return host === property.domain || host.endsWith(`.${property.domain}`);
  return target.protocol === property.protocol && host === property.host && target.port === property.port && target.pathname.startsWith(property.path);
}

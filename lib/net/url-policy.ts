import { matchConnectTo, parseConnectTo, type ConnectToRule } from "./connect-to";
import { blockedReason, isLocalName, stripBrackets } from "./ip-policy";
import ipaddr from "ipaddr.js";

// DESIGN.md "Audits and inspections": customer sites are fetched on ports 80 and 443 only, and a URL
// with userinfo is never fetched. One policy for the fetcher (first URL and every redirect hop) and
// for the URLs users supply, so that what the API accepts is what the fetcher will try.
export const CUSTOMER_PORTS: readonly number[] = [80, 443];
export const USERINFO_REFUSED = "URLs with a user name or password (userinfo) are never fetched";

export function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

/**
 * Why host:port may not be contacted, or null. A CONNECT_TO entry that names this port explicitly
 * (`host:8080:127.0.0.1:9000`, or `:8080:…` for any host) is operator configuration and allows it;
 * an entry with an empty PORT maps whatever port is asked for and does not.
 */
export function portRefusal(host: string, port: number, connectTo: ConnectToRule[]): string | null {
  if (CUSTOMER_PORTS.includes(port)) return null;
  if (matchConnectTo(connectTo, host, port)?.port === port) return null;
  return `port ${port} is not allowed; customer sites are fetched on ports 80 and 443 only`;
}

export function hasUserinfo(url: URL): boolean {
  return url.username !== "" || url.password !== "";
}

/** The URL without its user name and password, for error messages and records. */
export function withoutUserinfo(url: URL): string {
  if (!hasUserinfo(url)) return url.href;
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  return copy.href;
}

/**
 * Why a URL a user supplies could never be fetched (userinfo, a port other than 80/443 without an
 * explicit CONNECT_TO entry), or null. Unparsable URLs answer null: the caller's own checks report them.
 */
export function suppliedUrlRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (hasUserinfo(url)) return USERINFO_REFUSED;
  return portRefusal(url.hostname, portOf(url), envConnectTo());
}

let parsed: { value: string | undefined; rules: ConnectToRule[] } | undefined;

/** The environment's CONNECT_TO, as the default fetcher reads it (a malformed value fails the fetcher, not validation). */
export function envConnectTo(): ConnectToRule[] {
  const value = process.env.CONNECT_TO;
  if (!parsed || parsed.value !== value) {
    let rules: ConnectToRule[] = [];
    try {
      rules = parseConnectTo(value);
    } catch {
      rules = [];
    }
    parsed = { value, rules };
  }
  return parsed.rules;
}

/**
 * Why a URL whose host is an IP literal of an internal range (loopback, private, link-local, …) or localhost could never be
 * fetched, or null: the fetcher refuses it at connect time, so a setting that names one is a 400 at the door.
 * A CONNECT_TO entry that maps that address and port is operator configuration and allows it.
 */
export function internalAddressRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const host = stripBrackets(url.hostname);
  const reason = isLocalName(host) ? "this machine's own name" : ipaddr.isValid(host) ? blockedReason(host) : null;
  if (!reason || matchConnectTo(envConnectTo(), url.hostname, portOf(url))) return null;
  return `${url.hostname} is an internal address (${reason}) and is never fetched; give the site's public address`;
}

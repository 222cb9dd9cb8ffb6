import ipaddr from "ipaddr.js";

// An allowlist: only plain public unicast is reachable. Everything special (loopback, private,
// link-local, CGNAT, multicast, documentation, benchmarking, reserved, ...) is refused, and IPv6
// forms that embed an IPv4 address are judged by the embedded address.

const V6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const V6_EXTRA_BLOCKED: Array<[ipaddr.IPv6, number]> = [
  ipaddr.IPv6.parseCIDR("2001::/23"), // IETF protocol assignments (Teredo, ORCHID, benchmarking, ...)
  ipaddr.IPv6.parseCIDR("2001:db8::/32"), // documentation
  ipaddr.IPv6.parseCIDR("3fff::/20"), // documentation (RFC 9637)
  ipaddr.IPv6.parseCIDR("5f00::/16"), // SRv6 SIDs (RFC 9602)
];
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/** Returns why an address may not be contacted, or null when it is a public unicast address. */
export function blockedReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(stripBrackets(address));
  } catch {
    return "not an IP address";
  }
  return parsed.kind() === "ipv4" ? v4Reason(parsed as ipaddr.IPv4) : v6Reason(parsed as ipaddr.IPv6);
}

export function isPublicAddress(address: string): boolean {
  return blockedReason(address) === null;
}

function v4Reason(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  return range === "unicast" ? null : `${range} IPv4 address`;
}

function v6Reason(ip: ipaddr.IPv6): string | null {
  if (ip.isIPv4MappedAddress()) return embedded(ip.toIPv4Address(), "IPv4-mapped");
  if (ip.match(NAT64_WELL_KNOWN)) return embedded(lowV4(ip), "NAT64");
  const range = ip.range();
  if (range === "6to4") {
    const p = ip.parts;
    return embedded(new ipaddr.IPv4([p[1] >> 8, p[1] & 255, p[2] >> 8, p[2] & 255]), "6to4");
  }
  if (range !== "unicast") return `${range} IPv6 address`;
  if (!ip.match(V6_GLOBAL_UNICAST)) return "IPv6 address outside global unicast 2000::/3";
  if (V6_EXTRA_BLOCKED.some((cidr) => ip.match(cidr))) return "special-purpose IPv6 address";
  return null;
}

function embedded(v4: ipaddr.IPv4, form: string): string | null {
  const reason = v4Reason(v4);
  return reason ? `${form} IPv6 embedding a ${reason}` : null;
}

function lowV4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const p = ip.parts;
  return new ipaddr.IPv4([p[6] >> 8, p[6] & 255, p[7] >> 8, p[7] & 255]);
}

export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** Hostnames that name this machine by definition (RFC 6761) and never go to DNS. */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.+$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "localhost.localdomain";
}

import crypto from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * The client IP as lib/auth/request-info.ts reads it. IPv6 counts per /64, the block one subscriber
 * gets, so that walking through one's own addresses gains nothing. No IP (never under `next start`,
 * which always knows the socket) shares one count.
 */
export function ipKey(ip: string | null): string {
  if (!ip) return "ip:unknown";
  if (!ipaddr.isValid(ip)) return `ip:${ip.slice(0, 64)}`;
  const addr = ipaddr.process(ip); // ::ffff:1.2.3.4 is 1.2.3.4
  if (addr.kind() === "ipv4") return `ip:${addr.toString()}`;
  return `ip6:${(addr as ipaddr.IPv6).toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}

/** Addresses are counted by hash: the counters never hold an email address, and keys stay short. */
export function addressKey(address: string): string {
  return `addr:${crypto.createHash("sha256").update(address.trim().toLowerCase()).digest("hex")}`;
}

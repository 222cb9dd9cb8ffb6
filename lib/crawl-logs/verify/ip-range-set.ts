// A set of CIDR prefixes as sorted, merged numeric ranges: membership is a binary search (IPv4 as numbers,
// IPv6 as bigints). IPv4-mapped IPv6 addresses (::ffff:66.249.66.1) are looked up as the IPv4 address.
import ipaddr from "ipaddr.js";

type Range<T> = [start: T, end: T];

/** Published lists never hold prefixes this broad; one that does is not a crawler list. */
export const BROADEST_IPV4_PREFIX = 8;
export const BROADEST_IPV6_PREFIX = 16;

export interface PrefixEntry {
  ipv4Prefix?: string;
  ipv6Prefix?: string;
}

/** A prefix normalised to its network address (`66.249.64.5/27` → `66.249.64.0/27`), or null when invalid or too broad. */
export function normalizePrefix(raw: string, family: 4 | 6): string | null {
  try {
    const [address, bits] = ipaddr.parseCIDR(raw.trim());
    if ((family === 4) !== (address.kind() === "ipv4")) return null;
    if (bits < (family === 4 ? BROADEST_IPV4_PREFIX : BROADEST_IPV6_PREFIX)) return null;
    const network = family === 4 ? ipaddr.IPv4.networkAddressFromCIDR(raw.trim()) : ipaddr.IPv6.networkAddressFromCIDR(raw.trim());
    return `${network.toString()}/${bits}`;
  } catch {
    return null;
  }
}

function v4Number(bytes: number[]): number {
  return ((bytes[0] << 24) >>> 0) + (bytes[1] << 16) + (bytes[2] << 8) + bytes[3];
}

function v6Number(bytes: number[]): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** Sorts and merges ranges that overlap or touch; `next` is the successor of a value. */
function merge<T extends number | bigint>(ranges: Range<T>[], next: (x: T) => T): Range<T>[] {
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: Range<T>[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= next(last[1])) {
      if (r[1] > last[1]) last[1] = r[1];
    } else out.push([r[0], r[1]]);
  }
  return out;
}

function search<T extends number | bigint>(ranges: Range<T>[], x: T): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid];
    if (x < r[0]) hi = mid - 1;
    else if (x > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Parses an address for lookup: IPv4 as a number, IPv6 as a bigint; null when it is not an address. */
export function addressKey(ip: string): number | bigint | null {
  try {
    const addr = ipaddr.process(ip);
    return addr.kind() === "ipv4" ? v4Number(addr.toByteArray()) : v6Number(addr.toByteArray());
  } catch {
    return null;
  }
}

export class IpRangeSet {
  private readonly v4: Range<number>[];
  private readonly v6: Range<bigint>[];
  readonly size: number;

  constructor(prefixes: readonly string[]) {
    const v4: Range<number>[] = [];
    const v6: Range<bigint>[] = [];
    for (const prefix of prefixes) {
      try {
        const [address, bits] = ipaddr.parseCIDR(prefix);
        const bytes = address.toByteArray();
        if (address.kind() === "ipv4") {
          const size = 2 ** (32 - bits);
          const start = Math.floor(v4Number(bytes) / size) * size;
          v4.push([start, start + size - 1]);
        } else {
          const size = 1n << BigInt(128 - bits);
          const start = (v6Number(bytes) / size) * size;
          v6.push([start, start + size - 1n]);
        }
      } catch {
        // Invalid prefixes are filtered where lists are read; a stray one here is skipped.
      }
    }
    this.v4 = merge(v4, (x) => x + 1);
    this.v6 = merge(v6, (x) => x + 1n);
    this.size = v4.length + v6.length;
  }

  static fromEntries(entries: readonly PrefixEntry[]): IpRangeSet {
    return new IpRangeSet(entries.flatMap((e) => [e.ipv4Prefix, e.ipv6Prefix].filter((p): p is string => typeof p === "string")));
  }

  /** Whether the address (IPv4, IPv6 or IPv4-mapped IPv6) is in one of the prefixes. */
  has(ip: string | number | bigint | null): boolean {
    const key = typeof ip === "string" ? addressKey(ip) : ip;
    if (key === null) return false;
    return typeof key === "number" ? search(this.v4, key) : search(this.v6, key);
  }
}

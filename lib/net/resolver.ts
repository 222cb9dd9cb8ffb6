import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export class DnsLookupError extends Error {
  constructor(
    readonly hostname: string,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? `DNS lookup of ${hostname} failed (${code})`);
    this.name = "DnsLookupError";
  }
}

export interface HostResolver {
  /** A and AAAA addresses of a host; throws DnsLookupError when there are none. */
  resolveAddresses(hostname: string): Promise<string[]>;
  /** TXT records, each as its list of character-strings; [] when the name or the records do not exist. */
  resolveTxt(hostname: string): Promise<string[][]>;
  /** As resolveTxt, but tells a name that does not exist (NXDOMAIN) from one without TXT records. */
  lookupTxt(hostname: string): Promise<TxtLookup>;
  /** PTR names of an IP address (without the trailing dot); [] when it has none. */
  reverse(ip: string): Promise<string[]>;
}

export type TxtLookup = { status: "found"; records: string[][] } | { status: "no_records" } | { status: "nxdomain" };

export interface ResolverOptions {
  /** `IP[:PORT]` nameservers; empty or absent means the system resolver. */
  servers?: string[];
  /** Per-try timeout of a query to the configured servers. */
  timeoutMs?: number;
  tries?: number;
}

/** Parses `DNS_SERVERS`: comma-separated `IP`, `IPv4:PORT`, `[IPv6]:PORT` or bare IPv6. */
export function parseDnsServers(value: string | undefined): string[] {
  if (!value || !value.trim()) return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
      const v4WithPort = /^([\d.]+):(\d+)$/.exec(entry);
      const [ip, port] = bracketed ? [bracketed[1], bracketed[2]] : v4WithPort ? [v4WithPort[1], v4WithPort[2]] : [entry, undefined];
      if (!isIP(ip)) throw new Error(`DNS_SERVERS entry "${entry}" is not IP[:PORT]`);
      if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) throw new Error(`DNS_SERVERS entry "${entry}": bad port`);
      if (port === undefined) return ip;
      return isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`;
    });
}

const NO_RECORDS = new Set(["ENODATA", "ENOTFOUND"]);

export function createResolver(options: ResolverOptions = {}): HostResolver {
  const servers = options.servers ?? [];
  const resolver = new dns.Resolver({ timeout: options.timeoutMs ?? 2_500, tries: options.tries ?? 2 });
  if (servers.length > 0) resolver.setServers(servers);

  async function queryAll(hostname: string): Promise<string[]> {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses = [...(v4.status === "fulfilled" ? v4.value : []), ...(v6.status === "fulfilled" ? v6.value : [])];
    if (addresses.length > 0) return addresses;
    const errors = [v4, v6].flatMap((r) => (r.status === "rejected" ? [r.reason as NodeJS.ErrnoException] : []));
    // A real failure (SERVFAIL, timeout) says more than "no such name" from the other family.
    const error = errors.find((e) => !NO_RECORDS.has(String(e.code))) ?? errors[0];
    throw new DnsLookupError(hostname, String(error?.code ?? "ENODATA"));
  }

  async function systemLookup(hostname: string): Promise<string[]> {
    try {
      const found = await dns.lookup(hostname, { all: true, verbatim: true });
      if (found.length === 0) throw new DnsLookupError(hostname, "ENODATA");
      return found.map((entry) => entry.address);
    } catch (error) {
      if (error instanceof DnsLookupError) throw error;
      throw new DnsLookupError(hostname, String((error as NodeJS.ErrnoException).code ?? "EAI_FAIL"));
    }
  }

  return {
    resolveAddresses: (hostname) => (servers.length > 0 ? queryAll(hostname) : systemLookup(hostname)),
    async resolveTxt(hostname) {
      const found = await lookupTxt(hostname);
      return found.status === "found" ? found.records : [];
    },
    lookupTxt,
    async reverse(ip) {
      // resolvePtr, not reverse(): c-ares reports a timed-out reverse() as ENOTFOUND, i.e. as "no PTR".
      const name = reverseName(ip);
      if (!name) throw new DnsLookupError(ip, "EBADIP", `${ip} is not an IP address`);
      try {
        return (await resolver.resolvePtr(name)).map((ptr) => ptr.replace(/\.$/, ""));
      } catch (error) {
        const code = String((error as NodeJS.ErrnoException).code);
        if (code === "ENOTFOUND" || code === "ENODATA") return [];
        throw new DnsLookupError(ip, code);
      }
    },
  };

  async function lookupTxt(hostname: string): Promise<TxtLookup> {
    try {
      const records = await resolver.resolveTxt(hostname);
      return records.length > 0 ? { status: "found", records } : { status: "no_records" };
    } catch (error) {
      const code = String((error as NodeJS.ErrnoException).code);
      if (code === "ENOTFOUND") return { status: "nxdomain" };
      if (code === "ENODATA") return { status: "no_records" };
      throw new DnsLookupError(hostname, code);
    }
  }
}

/** The PTR query name of an address: 1.66.249.66.in-addr.arpa, or the 32 nibbles under ip6.arpa. */
export function reverseName(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return `${address.toByteArray().reverse().join(".")}.in-addr.arpa`;
  const hex = address.toByteArray().map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.split("").reverse().join(".")}.ip6.arpa`;
}

let defaultResolver: { servers: string | undefined; resolver: HostResolver } | undefined;

/** The resolver configured by `DNS_SERVERS`, built on first use and again should the variable change (tests). */
export function getDefaultResolver(): HostResolver {
  const servers = process.env.DNS_SERVERS;
  if (!defaultResolver || defaultResolver.servers !== servers) defaultResolver = { servers, resolver: createResolver({ servers: parseDnsServers(servers) }) };
  return defaultResolver.resolver;
}

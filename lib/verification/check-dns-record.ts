import { DnsLookupError, type HostResolver } from "@/lib/net/resolver";
import type { DnsFailure } from "./messages";

export type DnsCheck = { ok: true } | { ok: false; reason: DnsFailure; dnsCode?: string };

/**
 * Resolves the TXT records of `name` live (no cache of ours; Node's resolver keeps none either) and
 * looks for one whose character-strings, joined, equal `expected` exactly after trimming.
 */
export async function checkDnsRecord(resolver: HostResolver, name: string, expected: string): Promise<DnsCheck> {
  let found;
  try {
    found = await resolver.lookupTxt(name);
  } catch (error) {
    const code = error instanceof DnsLookupError ? error.code : "UNKNOWN";
    const reason: DnsFailure = code === "ESERVFAIL" ? "servfail" : code === "ETIMEOUT" ? "timeout" : "lookup_failed";
    return { ok: false, reason, dnsCode: code };
  }
  if (found.status === "nxdomain") return { ok: false, reason: "nxdomain" };
  if (found.status === "no_records") return { ok: false, reason: "no_record" };
  const matches = found.records.some((strings) => strings.join("").trim() === expected);
  return matches ? { ok: true } : { ok: false, reason: "wrong_value" };
}

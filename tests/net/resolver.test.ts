import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DnsLookupError, createResolver } from "@/lib/net/resolver";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";

let dns: FakeDnsServer;

beforeAll(async () => {
  dns = await startFakeDns();
});
afterAll(async () => {
  await dns.close();
});
beforeEach(() => dns.clear());

const resolver = () => createResolver({ servers: [dns.server], timeoutMs: 300, tries: 1 });

async function failure(promise: Promise<unknown>): Promise<DnsLookupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DnsLookupError);
  return error as DnsLookupError;
}

describe("resolver against the fake DNS server", () => {
  it("returns A and AAAA answers together", async () => {
    dns.set("both.test", { A: ["93.184.216.34", "93.184.216.35"], AAAA: ["2606:2800:220:1::1"] });
    expect(await resolver().resolveAddresses("both.test")).toEqual(["93.184.216.34", "93.184.216.35", "2606:2800:220:1::1"]);
    expect(dns.queriesFor("both.test").map((q) => q.type).sort()).toEqual(["A", "AAAA"]);
  });

  it("returns AAAA-only hosts", async () => {
    dns.set("six.test", { AAAA: ["2606:2800:220:1::1"] });
    expect(await resolver().resolveAddresses("six.test")).toEqual(["2606:2800:220:1::1"]);
  });

  it("follows a CNAME the server chases", async () => {
    dns.set("alias.test", { CNAME: "target.test" });
    dns.set("target.test", { A: ["93.184.216.34"] });
    expect(await resolver().resolveAddresses("alias.test")).toEqual(["93.184.216.34"]);
  });

  it("reports NXDOMAIN, SERVFAIL, no data and timeouts as DnsLookupError", async () => {
    expect((await failure(resolver().resolveAddresses("missing.test"))).code).toBe("ENOTFOUND");
    dns.set("broken.test", { rcode: "SERVFAIL" });
    expect((await failure(resolver().resolveAddresses("broken.test"))).code).toBe("ESERVFAIL");
    dns.set("empty.test", {});
    expect((await failure(resolver().resolveAddresses("empty.test"))).code).toBe("ENODATA");
    dns.set("slow.test", { drop: true });
    const started = Date.now();
    expect((await failure(resolver().resolveAddresses("slow.test"))).code).toBe("ETIMEOUT");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers differently per query when scripted (rebinding)", async () => {
    dns.set("flip.test", (q) => (q.count === 1 ? { A: ["93.184.216.34"] } : { A: ["127.0.0.1"] }));
    expect(await resolver().resolveAddresses("flip.test")).toEqual(["93.184.216.34"]);
    expect(await resolver().resolveAddresses("flip.test")).toEqual(["127.0.0.1"]);
  });

  it("returns TXT records with their character-strings, several records per name", async () => {
    dns.set("_verify.site.test", { TXT: ["indexwatch-verification=abc", ["part-one-", "part-two"]] });
    const records = await resolver().resolveTxt("_verify.site.test");
    expect(records).toHaveLength(2);
    expect(records).toContainEqual(["indexwatch-verification=abc"]);
    expect(records).toContainEqual(["part-one-", "part-two"]);
  });

  it("answers [] for missing TXT and throws for failures", async () => {
    expect(await resolver().resolveTxt("nothing.test")).toEqual([]);
    dns.set("a-only.test", { A: ["93.184.216.34"] });
    expect(await resolver().resolveTxt("a-only.test")).toEqual([]);
    dns.set("bad-txt.test", { rcode: "SERVFAIL" });
    expect((await failure(resolver().resolveTxt("bad-txt.test"))).code).toBe("ESERVFAIL");
  });

  it("serves answers too big for UDP over TCP", async () => {
    const records = Array.from({ length: 20 }, (_, i) => `record-${i}-${"x".repeat(200)}`);
    dns.set("big.test", { TXT: records });
    const got = await resolver().resolveTxt("big.test");
    expect(got.map((r) => r.join("")).sort()).toEqual([...records].sort());
    expect(dns.queriesFor("big.test", "TXT").map((q) => q.transport)).toContain("tcp");
  });

  it("uses the system resolver when no servers are configured", async () => {
    const addresses = await createResolver().resolveAddresses("localhost");
    expect(addresses.some((a) => a === "127.0.0.1" || a === "::1")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { parseConnectTo, resolveConnectTo } from "@/lib/net/connect-to";
import { precheckHost } from "@/lib/net/connector";
import { blockedReason, isLocalName } from "@/lib/net/ip-policy";
import { parseDnsServers } from "@/lib/net/resolver";

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255", // just below CGNAT
  "100.128.0.0", // just above CGNAT
  "172.15.255.255",
  "172.32.0.0",
  "198.17.255.255",
  "198.20.0.0",
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808", // NAT64 of a public address
  "2002:808:808::1", // 6to4 of a public address
];

const BLOCKED = [
  "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255", "127.0.0.1", "127.255.255.254",
  "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.88.99.1", "192.168.0.1",
  "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1",
  "255.255.255.255",
  "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:a00:1", "::ffff:169.254.169.254",
  "::ffff:0:7f00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::1", "100::1", "2001::1", "2001:2::1",
  "2001:db8::1", "2001:10::1", "2002:7f00:1::1", "2002:a00:1::", "3fff::1", "5f00::1", "fc00::1", "fd00:ec2::254",
  "fe80::1", "fe80::1%eth0", "fec0::1", "ff02::1", "1::1", "4000::1",
  "not-an-ip", "",
];

describe("address policy", () => {
  it.each(PUBLIC)("allows public unicast %s", (address) => {
    expect(blockedReason(address)).toBeNull();
  });

  it.each(BLOCKED)("blocks %s", (address) => {
    expect(blockedReason(address)).not.toBeNull();
  });

  it("names the reason", () => {
    expect(blockedReason("127.0.0.1")).toMatch(/loopback/);
    expect(blockedReason("::ffff:10.0.0.1")).toMatch(/IPv4-mapped.*private/);
    expect(blockedReason("64:ff9b::7f00:1")).toMatch(/NAT64.*loopback/);
  });

  it("treats localhost names as local", () => {
    for (const name of ["localhost", "LOCALHOST.", "a.b.localhost", "localhost.localdomain"]) expect(isLocalName(name)).toBe(true);
    expect(isLocalName("localhost.example.com")).toBe(false);
  });

  it("prechecks URL hosts without DNS", () => {
    expect(precheckHost("[::1]", 80, [])).toMatch(/loopback/);
    expect(precheckHost("127.0.0.1", 80, [])).toMatch(/loopback/);
    expect(precheckHost("localhost", 80, [])).toMatch(/local/);
    expect(precheckHost("example.com", 80, [])).toBeNull();
    expect(precheckHost("8.8.8.8", 80, [])).toBeNull();
    const rules = parseConnectTo("localhost:8080:127.0.0.1:9000");
    expect(precheckHost("localhost", 8080, rules)).toBeNull();
    expect(precheckHost("localhost", 8081, rules)).toBe("port 8081 is not allowed; customer sites are fetched on ports 80 and 443 only");
  });

  it("allows ports 80 and 443 only, unless a CONNECT_TO entry names the port explicitly", () => {
    expect(precheckHost("example.com", 443, [])).toBeNull();
    expect(precheckHost("example.com", 8080, [])).toBe("port 8080 is not allowed; customer sites are fetched on ports 80 and 443 only");
    expect(precheckHost("example.com", 22, [])).toMatch(/port 22 is not allowed/);
    // An explicit port (for one host, or for any host) is operator configuration; an empty PORT maps any port but allows none.
    expect(precheckHost("shop.test", 8080, parseConnectTo("shop.test:8080:127.0.0.1:9000"))).toBeNull();
    expect(precheckHost("other.test", 8080, parseConnectTo("shop.test:8080:127.0.0.1:9000"))).toMatch(/port 8080/);
    expect(precheckHost("any.test", 8080, parseConnectTo(":8080:127.0.0.1:9000"))).toBeNull();
    expect(precheckHost("shop.test", 8080, parseConnectTo("shop.test::127.0.0.1:9000"))).toMatch(/port 8080/);
    expect(precheckHost("shop.test", 443, parseConnectTo("shop.test::127.0.0.1:9000"))).toBeNull();
  });
});

describe("CONNECT_TO", () => {
  it("parses curl --connect-to entries", () => {
    expect(parseConnectTo("shop.test:443:127.0.0.1:8443, Other.Test:80:127.0.0.1:8080")).toEqual([
      { host: "shop.test", port: 443, targetHost: "127.0.0.1", targetPort: 8443 },
      { host: "other.test", port: 80, targetHost: "127.0.0.1", targetPort: 8080 },
    ]);
    expect(parseConnectTo("::[::1]:9000")).toEqual([{ host: "", port: null, targetHost: "::1", targetPort: 9000 }]);
    expect(parseConnectTo("[2001:db8::1]:443::8443")).toEqual([{ host: "2001:db8::1", port: 443, targetHost: "", targetPort: 8443 }]);
    expect(parseConnectTo("")).toEqual([]);
    expect(parseConnectTo(undefined)).toEqual([]);
  });

  it("rejects malformed entries", () => {
    expect(() => parseConnectTo("shop.test:443")).toThrow(/CONNECT_TO/);
    expect(() => parseConnectTo("shop.test:99999:127.0.0.1:1")).toThrow(/bad port/);
    expect(() => parseConnectTo("[::1:443:127.0.0.1:1")).toThrow(/unclosed/);
  });

  it("maps the first matching entry, keeping empty target fields", () => {
    const rules = parseConnectTo("a.test:443:127.0.0.1:8443,a.test::127.0.0.2:,:80::8080");
    expect(resolveConnectTo(rules, "A.test", 443)).toEqual({ host: "127.0.0.1", port: 8443 });
    expect(resolveConnectTo(rules, "a.test", 8000)).toEqual({ host: "127.0.0.2", port: 8000 });
    expect(resolveConnectTo(rules, "b.test", 80)).toEqual({ host: "b.test", port: 8080 });
    expect(resolveConnectTo(rules, "b.test", 443)).toBeNull();
  });
});

describe("DNS_SERVERS", () => {
  it("parses IP[:PORT] entries", () => {
    expect(parseDnsServers("127.0.0.1:5353, 10.0.0.2 ,[::1]:53,::1")).toEqual(["127.0.0.1:5353", "10.0.0.2", "[::1]:53", "::1"]);
    expect(parseDnsServers(undefined)).toEqual([]);
    expect(() => parseDnsServers("dns.example:53")).toThrow(/DNS_SERVERS/);
    expect(() => parseDnsServers("127.0.0.1:0")).toThrow(/bad port/);
  });
});

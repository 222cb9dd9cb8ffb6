import { afterEach, describe, expect, it } from "vitest";
import type { buildConnector } from "undici";
import { parseConnectTo } from "@/lib/net/connect-to";
import { createGuardedConnector } from "@/lib/net/connector";
import { createResolver } from "@/lib/net/resolver";
import { suppliedUrlRefusal, withoutUserinfo } from "@/lib/net/url-policy";

const saved = process.env.CONNECT_TO;
afterEach(() => {
  if (saved === undefined) delete process.env.CONNECT_TO;
  else process.env.CONNECT_TO = saved;
});

describe("suppliedUrlRefusal: URLs users give us", () => {
  it.each([
    ["https://site.com/sitemap.xml", null],
    ["https://site.com:443/sitemap.xml", null],
    ["http://site.com:80/sitemap.xml", null],
    ["http://site.com:443/sitemap.xml", null],
    ["https://user:pass@site.com/sitemap.xml", "URLs with a user name or password (userinfo) are never fetched"],
    ["http://example.com@127.0.0.1/", "URLs with a user name or password (userinfo) are never fetched"],
    ["https://:secret@site.com/", "URLs with a user name or password (userinfo) are never fetched"],
    ["https://site.com:8080/sitemap.xml", "port 8080 is not allowed; customer sites are fetched on ports 80 and 443 only"],
    ["http://site.com:22/", "port 22 is not allowed; customer sites are fetched on ports 80 and 443 only"],
    ["not a url", null],
  ])("%s → %s", (url, expected) => {
    delete process.env.CONNECT_TO;
    expect(suppliedUrlRefusal(url)).toBe(expected);
  });

  it("accepts a port that the operator's CONNECT_TO names explicitly, read at each call", () => {
    process.env.CONNECT_TO = "staging.shop:8443:127.0.0.1:9443";
    expect(suppliedUrlRefusal("https://staging.shop:8443/sitemap.xml")).toBeNull();
    expect(suppliedUrlRefusal("https://other.shop:8443/sitemap.xml")).toMatch(/port 8443/);
    process.env.CONNECT_TO = "";
    expect(suppliedUrlRefusal("https://staging.shop:8443/sitemap.xml")).toMatch(/port 8443/);
  });

  it("shows URLs without their credentials", () => {
    expect(withoutUserinfo(new URL("https://u:p@site.com/a?b#c"))).toBe("https://site.com/a?b#c");
    expect(withoutUserinfo(new URL("https://site.com/"))).toBe("https://site.com/");
  });
});

describe("the guarded connector", () => {
  // Defense in depth: even a connection that bypassed the fetcher's own checks never opens on another port.
  const connect = (port: string, rules = "") => {
    const opened: string[] = [];
    const base = ((options: buildConnector.Options, cb: buildConnector.Callback) => {
      opened.push(`${options.hostname}:${options.port}`);
      cb(new Error("not really connecting"), null);
    }) as buildConnector.connector;
    const connector = createGuardedConnector(base, { resolver: createResolver({ servers: [] }), connectTo: parseConnectTo(rules) });
    return new Promise<{ error: Error | null; opened: string[] }>((resolve) => {
      connector({ hostname: "shop.test", host: `shop.test:${port}`, protocol: "http:", port } as buildConnector.Options, (...args) => resolve({ error: args[0], opened }));
    });
  };

  it("refuses ports other than 80/443 before any lookup, unless CONNECT_TO names the port", async () => {
    const refused = await connect("8080", "shop.test:80:127.0.0.1:1");
    expect(refused.error).toMatchObject({ code: "ERR_SSRF_BLOCKED", message: "shop.test: port 8080 is not allowed; customer sites are fetched on ports 80 and 443 only" });
    expect(refused.opened).toEqual([]);
    const anyPort = await connect("8080", "shop.test::127.0.0.1:1");
    expect(anyPort.error).toMatchObject({ code: "ERR_SSRF_BLOCKED" });
    const mapped = await connect("8080", "shop.test:8080:127.0.0.1:9000");
    expect(mapped.opened).toEqual(["127.0.0.1:9000"]);
  });
});

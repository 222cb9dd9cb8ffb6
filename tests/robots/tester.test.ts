import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as testRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/robots/test/route";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestProject, createTestUser, type TestUser } from "../factories";
import { startTestSite, type RouteSpec, type TestSite } from "../fakes/test-site";

// The route uses the fetcher configured from the environment (CONNECT_TO, the system CA store); here
// it is the same safe fetcher with the project domain mapped to the local test site and its CA trusted.
const fetcherHolder = vi.hoisted(() => ({ current: null as SafeFetcher | null }));
vi.mock("@/lib/net/safe-fetch", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/net/safe-fetch")>();
  return { ...actual, getDefaultFetcher: () => fetcherHolder.current ?? actual.getDefaultFetcher() };
});

const ZONE = "robots.test";
let site: TestSite;
let alice: TestUser;
let mallory: TestUser;
/** What /robots.txt (and other paths) answer, per host: each test uses its own project domain. */
const answers = new Map<string, Map<string, RouteSpec>>();

type Target = { organizationId: string; projectId: string; domain: string; headers: Record<string, string> };

beforeAll(async () => {
  [site, alice, mallory] = await Promise.all([startTestSite({ hostnames: [`*.${ZONE}`] }), createTestUser("robots-alice"), createTestUser("robots-mallory")]);
  for (const path of ["/robots.txt", "/moved-robots.txt"]) {
    site.route(path, (req, res) => {
      const host = (req.headers.host ?? "").split(":")[0];
      if (path === "/robots.txt" && resetting.has(host)) return resetMidFile(res, resetting.get(host)!);
      const spec = answers.get(host)?.get(path);
      if (!spec) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      if (spec.redirect) return void res.writeHead(spec.status ?? 302, { location: spec.redirect }).end();
      res.writeHead(spec.status ?? 200, { "content-type": "text/plain" }).end(spec.body ?? "");
    });
  }
  // /hop?n redirects to /hop?n+1 forever on hosts that serve "/hop"; elsewhere it is a 404.
  site.route("/hop", (req, res) => {
    const host = (req.headers.host ?? "").split(":")[0];
    if (!answers.get(host)?.has("/hop")) return void res.writeHead(404).end();
    const n = Number(new URL(req.url ?? "/", "http://x").search.slice(1)) || 0;
    res.writeHead(302, { location: `/hop?${n + 1}` }).end();
  });
});
afterAll(() => site.close());
beforeEach(() => {
  fetcherHolder.current = null;
});

async function projectOf(user: TestUser, tag = "p", mapped = true): Promise<Target> {
  const domain = `${tag}-${crypto.randomUUID().slice(0, 8)}.${ZONE}`;
  const project = await createTestProject(user, { domain });
  // An unmapped domain points at a closed local port: a connection that nothing answers.
  fetcherHolder.current = createSafeFetcher({ connectTo: mapped ? site.connectTo([domain]) : `${domain}:443:127.0.0.1:9`, tlsCa: site.ca });
  return { organizationId: user.organizationId, projectId: project.id, domain, headers: bearer(user.sessionToken) };
}

function serve(domain: string, path: string, spec: RouteSpec) {
  let byPath = answers.get(domain);
  if (!byPath) answers.set(domain, (byPath = new Map()));
  byPath.set(path, spec);
}

/** Hosts whose robots.txt answers 200 with a body delimited by the connection's close, then resets the connection. */
const resetting = new Map<string, string>();
function resetMidFile(res: import("node:http").ServerResponse, partial: string) {
  res.removeHeader("transfer-encoding");
  res.writeHead(200, { "content-type": "text/plain", connection: "close" });
  res.write(partial);
  // The TCP socket under the TLS one: a reset is a TCP RST.
  const tcp = (res.socket as (import("node:net").Socket & { _parent?: import("node:net").Socket }) | null);
  setTimeout(() => (tcp?._parent ?? tcp)?.resetAndDestroy(), 30);
}

const robotsRequests = (domain: string) => site.requests.filter((r) => r.host === domain && r.path === "/robots.txt");

function post(t: Target, json: unknown, opts: { headers?: Record<string, string>; rawBody?: string } = {}) {
  return call(testRoute.POST, {
    method: "POST",
    url: `http://127.0.0.1:3000/api/user/organizations/${t.organizationId}/projects/${t.projectId}/robots/test`,
    headers: { ...(opts.rawBody !== undefined ? { "content-type": "application/json" } : {}), ...(opts.headers ?? t.headers) },
    params: { organizationId: t.organizationId, id: t.projectId },
    ...(opts.rawBody !== undefined ? { rawBody: opts.rawBody } : { json }),
  });
}

const LIVE = [
  "# shop robots", // 1
  "User-agent: *", // 2
  "Disallow: /cart", // 3
  "Disallow: /*.pdf$", // 4
  "Crawl-delay: 5", // 5
  "", // 6
  "User-agent: Googlebot", // 7
  "Disallow: /private/", // 8
  "Allow: /private/press", // 9
  "", // 10
  "Sitemap: https://example.com/sitemap.xml", // 11
].join("\r\n");

describe("POST …/robots/test against the live file", () => {
  it("answers 200 with each URL's decision, group and rule, for Googlebot by default", async () => {
    const t = await projectOf(alice, "live");
    serve(t.domain, "/robots.txt", { body: LIVE });
    const { res, body } = await post(t, { urls: ["/private/x", `https://${t.domain}/private/press/2024#top`, "/cart", "/robots.txt"] });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 200, code: "OK" });
    const group = { line: 7, agents: ["googlebot"], matchedAgent: "googlebot", mergedWith: [] };
    expect(body.data).toEqual({
      source: "live", robotsUrl: `https://${t.domain}/robots.txt`, finalUrl: `https://${t.domain}/robots.txt`, httpStatus: 200, fetchError: null,
      mode: "rules", truncated: false, userAgent: "Googlebot", productToken: "googlebot", parser: "google",
      results: [
        { index: 0, url: `https://${t.domain}/private/x`, path: "/private/x", allowed: false, reason: "rule", group, rule: { line: 8, directive: "disallow", value: "/private/" }, standard: null, difference: null },
        { index: 1, url: `https://${t.domain}/private/press/2024`, path: "/private/press/2024", allowed: true, reason: "rule", group, rule: { line: 9, directive: "allow", value: "/private/press" }, standard: null, difference: null },
        { index: 2, url: `https://${t.domain}/cart`, path: "/cart", allowed: true, reason: "no_matching_rule", group, rule: null, standard: null, difference: null },
        { index: 3, url: `https://${t.domain}/robots.txt`, path: "/robots.txt", allowed: true, reason: "robots_txt", group: null, rule: null, standard: null, difference: null },
      ],
      invalidUrls: [], googleNotes: [],
    });
    // Fetched once, by our own crawler's name (never as the tested agent), over TLS to the project domain.
    const seen = robotsRequests(t.domain);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "GET", secure: true, servername: t.domain });
    expect(seen[0].userAgent).toMatch(/^IndexWatchBot\//);
  });

  it("takes the crawler's token from a full user-agent string and falls back to the * group", async () => {
    const t = await projectOf(alice, "ua");
    serve(t.domain, "/robots.txt", { body: LIVE });
    const ua = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36";
    const { body } = await post(t, { urls: ["/cart/1", "/docs/a.pdf", "/private/x"], userAgent: ua });
    expect(body.data).toMatchObject({ userAgent: ua, productToken: "bingbot" });
    const group = { line: 2, agents: ["*"], matchedAgent: "*", mergedWith: [] };
    expect(body.data.results.map((r: { allowed: boolean; group: unknown; rule: unknown }) => [r.allowed, r.group, r.rule])).toEqual([
      [false, group, { line: 3, directive: "disallow", value: "/cart" }],
      [false, group, { line: 4, directive: "disallow", value: "/*.pdf$" }],
      [true, group, null],
    ]);
  });

  it("reads the file fresh on every call (no caching)", async () => {
    const t = await projectOf(alice, "fresh");
    serve(t.domain, "/robots.txt", { body: "User-agent: *\nDisallow: /new" });
    expect((await post(t, { urls: ["/new"] })).body.data.results[0].allowed).toBe(false);
    serve(t.domain, "/robots.txt", { body: "User-agent: *\nAllow: /" });
    expect((await post(t, { urls: ["/new"] })).body.data.results[0]).toMatchObject({ allowed: true, rule: { line: 2, directive: "allow", value: "/" } });
    expect(robotsRequests(t.domain)).toHaveLength(2);
  });

  it("follows redirects to the file (finalUrl) and treats more than five as unavailable", async () => {
    const t = await projectOf(alice, "redir");
    serve(t.domain, "/robots.txt", { status: 301, redirect: "/moved-robots.txt" });
    serve(t.domain, "/moved-robots.txt", { body: "User-agent: *\nDisallow: /x" });
    const moved = await post(t, { urls: ["/x"] });
    expect(moved.body.data).toMatchObject({ httpStatus: 200, finalUrl: `https://${t.domain}/moved-robots.txt`, mode: "rules", fetchError: null });
    expect(moved.body.data.results[0]).toMatchObject({ allowed: false, rule: { line: 2, directive: "disallow", value: "/x" } });

    // The status after the redirects counts: a redirect to a 404 is an unavailable file.
    serve(t.domain, "/robots.txt", { status: 302, redirect: "/hop?1" });
    const toMissing = await post(t, { urls: ["/x"] });
    expect(toMissing.body.data).toMatchObject({ mode: "allow_all", httpStatus: 404, finalUrl: `https://${t.domain}/hop?1`, fetchError: null });

    serve(t.domain, "/hop", {});
    const before = site.requests.length;
    const tooMany = await post(t, { urls: ["/x"] });
    expect(tooMany.body.data).toMatchObject({ mode: "allow_all", httpStatus: 302, fetchError: "too_many_redirects" });
    expect(tooMany.body.data.results[0]).toEqual({ index: 0, url: `https://${t.domain}/x`, path: "/x", allowed: true, reason: "unavailable", group: null, rule: null, standard: null, difference: null });
    // Five redirects are followed; the sixth redirect answer ends it.
    expect(site.requests.slice(before).map((r) => r.path)).toEqual(["/robots.txt", "/hop?1", "/hop?2", "/hop?3", "/hop?4", "/hop?5"]);

    serve(t.domain, "/robots.txt", { status: 301, redirect: "/moved-robots.txt" });
    serve(t.domain, "/moved-robots.txt", { status: 301, redirect: "/robots.txt" });
    const loop = await post(t, { urls: ["/x"] });
    expect(loop.body.data).toMatchObject({ mode: "allow_all", httpStatus: 301, fetchError: "redirect_loop" });
  });

  it.each([404, 410, 403])("treats a %i file as unavailable: allow all", async (status) => {
    const t = await projectOf(alice, "4xx");
    serve(t.domain, "/robots.txt", { status, body: "User-agent: *\nDisallow: /" });
    const { res, body } = await post(t, { urls: ["/a", "/robots.txt"] });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ source: "live", httpStatus: status, mode: "allow_all", fetchError: null });
    expect(body.data.results[0]).toEqual({ index: 0, url: `https://${t.domain}/a`, path: "/a", allowed: true, reason: "unavailable", group: null, rule: null, standard: null, difference: null });
    expect(body.data.results[1]).toMatchObject({ allowed: true, reason: "robots_txt" });
  });

  it.each([500, 503, 429])("treats a %i file as unreachable: disallow all (but /robots.txt itself)", async (status) => {
    const t = await projectOf(alice, "5xx");
    serve(t.domain, "/robots.txt", { status, body: "User-agent: *\nAllow: /" });
    const { res, body } = await post(t, { urls: ["/a", "/robots.txt"] });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ httpStatus: status, mode: "disallow_all", fetchError: null });
    expect(body.data.results[0]).toEqual({ index: 0, url: `https://${t.domain}/a`, path: "/a", allowed: false, reason: "unreachable", group: null, rule: null, standard: null, difference: null });
    expect(body.data.results[1]).toMatchObject({ allowed: true, reason: "robots_txt" });
  });

  it("treats a site that does not answer as unreachable: disallow all, httpStatus null", async () => {
    const t = await projectOf(alice, "down", false);
    const { res, body } = await post(t, { urls: ["/a"] });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ source: "live", httpStatus: null, finalUrl: null, mode: "disallow_all", fetchError: "connection" });
    expect(body.data.results[0]).toMatchObject({ allowed: false, reason: "unreachable", group: null, rule: null });
  });

  it.each([["cut short", "User-agent: *\nAllow: /\n"], ["before any byte", ""]])(
    "treats a connection reset while the file is read (%s) as unreachable: disallow all (RFC 9309 §2.3.1.4)", async (_, partial) => {
      const t = await projectOf(alice, "reset");
      resetting.set(t.domain, partial);
      const { res, body } = await post(t, { urls: ["/a"] });
      expect(res.status).toBe(200);
      expect(body.data).toMatchObject({ source: "live", mode: "disallow_all", fetchError: "connection" });
      expect(body.data.results[0]).toMatchObject({ allowed: false, reason: "unreachable", group: null, rule: null });
    });

  it("parses only the first 500 KiB of a large file", async () => {
    const t = await projectOf(alice, "big");
    serve(t.domain, "/robots.txt", { body: `User-agent: *\nDisallow: /early\n#${"x".repeat(600 * 1024)}\nDisallow: /late\n` });
    const { body } = await post(t, { urls: ["/early", "/late"] });
    expect(body.data).toMatchObject({ truncated: true, mode: "rules" });
    expect(body.data.results.map((r: { allowed: boolean }) => r.allowed)).toEqual([false, true]);
  });
});

describe("POST …/robots/test with a draft", () => {
  it("tests the provided text without fetching anything", async () => {
    const t = await projectOf(alice, "draft");
    serve(t.domain, "/robots.txt", { body: "User-agent: *\nAllow: /" });
    const draft = "\uFEFFUser-agent: Googlebot\r\nDisallow: /drafts\r\n\r\nUser-agent: googlebot\r\nAllow: /drafts/public\r\n";
    const { res, body } = await post(t, { urls: ["/drafts/x", "/drafts/public/y", "/other"], robotsTxt: draft, userAgent: "Googlebot/2.1" });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({
      source: "provided", robotsUrl: `https://${t.domain}/robots.txt`, finalUrl: null, httpStatus: null, fetchError: null, mode: "rules",
      userAgent: "Googlebot/2.1", productToken: "googlebot",
    });
    const same = { standard: null, difference: null };
    expect(body.data.results).toEqual([
      { index: 0, url: `https://${t.domain}/drafts/x`, path: "/drafts/x", allowed: false, reason: "rule",
        group: { line: 1, agents: ["googlebot"], matchedAgent: "googlebot", mergedWith: [4] }, rule: { line: 2, directive: "disallow", value: "/drafts" }, ...same },
      { index: 1, url: `https://${t.domain}/drafts/public/y`, path: "/drafts/public/y", allowed: true, reason: "rule",
        group: { line: 4, agents: ["googlebot"], matchedAgent: "googlebot", mergedWith: [1] }, rule: { line: 5, directive: "allow", value: "/drafts/public" }, ...same },
      { index: 2, url: `https://${t.domain}/other`, path: "/other", allowed: true, reason: "no_matching_rule",
        group: { line: 1, agents: ["googlebot"], matchedAgent: "googlebot", mergedWith: [4] }, rule: null, ...same },
    ]);
    expect(robotsRequests(t.domain)).toHaveLength(0);
  });

  it("judges Googlebot as Google's parser reads the draft, with the standard verdict and the lines it reads differently", async () => {
    const t = await projectOf(alice, "google");
    const draft = "User-agent: *\nDisallow /private\nDisallow: /\nAllow: /index.html\nAllow: /public/\n";
    const { body } = await post(t, { urls: ["/private/a", "/", "/public/x"], robotsTxt: draft });
    expect(body.data).toMatchObject({ parser: "google", invalidUrls: [] });
    expect(body.data.googleNotes.map((n: { line: number; kind: string }) => [n.line, n.kind])).toEqual([[2, "missing_colon"], [4, "index_html"]]);
    const [priv, home, pub] = body.data.results;
    expect(priv).toMatchObject({ allowed: false, rule: { line: 2, directive: "disallow", value: "/private" },
      standard: { allowed: false, reason: "rule", rule: { line: 3, directive: "disallow", value: "/" } } });
    expect(priv.difference).toBe("Google reads line 2 differently from the standard: the colon is missing; Google reads the line as “Disallow: /private”, "
      + "RFC 9309 ignores it. The standard reading reaches the same verdict through another line (line 3: Disallow: /).");
    expect(home).toMatchObject({ allowed: true, rule: { line: 4, directive: "allow", value: "/index.html" }, standard: { allowed: false, rule: { line: 3 } } });
    expect(home.difference).toContain("The standard reading (RFC 9309) would block it (line 3: Disallow: /).");
    expect(pub).toMatchObject({ allowed: true, standard: null, difference: null });

    // Bing is judged by the standard, and nothing is flagged.
    const bing = await post(t, { urls: ["/private/a", "/"], robotsTxt: draft, userAgent: "Bingbot" });
    expect(bing.body.data).toMatchObject({ parser: "rfc9309", googleNotes: [] });
    expect(bing.body.data.results.map((r: { allowed: boolean; standard: unknown }) => [r.allowed, r.standard])).toEqual([[false, null], [false, null]]);
  });

  it("accepts an empty draft (allow all, no group)", async () => {
    const t = await projectOf(alice, "empty");
    const { body } = await post(t, { urls: ["/x"], robotsTxt: "" });
    expect(body.data.results[0]).toMatchObject({ allowed: true, reason: "no_group", group: null, rule: null });
  });
});

describe("POST …/robots/test refuses bad input", () => {
  let t: Target;
  beforeAll(async () => {
    t = await projectOf(alice, "bad");
  });

  const expect400 = async (json: unknown, paths: string[], codes?: string[]) => {
    const { res, body } = await post(t, json);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors?.map((e) => e.path)).toEqual(paths);
    if (codes) expect(body.meta?.errors?.map((e) => e.code)).toEqual(codes);
    expect(robotsRequests(t.domain)).toHaveLength(0);
  };

  it("tests the valid URLs and lists the others apart, each with its index and reason", async () => {
    const t = await projectOf(alice, "partial");
    serve(t.domain, "/robots.txt", { body: "User-agent: *\nDisallow: /fine" });
    const { res, body } = await post(t, { urls: ["/ok", "https://evil.example/x", `https://www.${t.domain}/`, "//evil.example/", "/fine", "page.html"] });
    expect(res.status).toBe(200);
    expect(body.data.results.map((r: { index: number; url: string; allowed: boolean }) => [r.index, r.url, r.allowed])).toEqual([
      [0, `https://${t.domain}/ok`, true], [4, `https://${t.domain}/fine`, false],
    ]);
    expect(body.data.invalidUrls).toEqual([
      { index: 1, input: "https://evil.example/x", code: "off_host", message: `The URL's host is not the project domain ${t.domain}` },
      { index: 2, input: `https://www.${t.domain}/`, code: "off_host", message: `The URL's host is not the project domain ${t.domain}` },
      { index: 3, input: "//evil.example/", code: "off_host", message: `The URL's host is not the project domain ${t.domain}` },
      { index: 5, input: "page.html", code: "invalid_url", message: "Not an absolute http(s) URL or a path starting with \"/\"" },
    ]);
    expect(robotsRequests(t.domain)).toHaveLength(1);
  });

  it("only URLs that cannot be tested (400, nothing fetched): off-host, credentials, another scheme, a port, no leading slash", async () => {
    await expect400(
      { urls: ["https://evil.example/x", `https://u:p@${t.domain}/`, `ftp://${t.domain}/x`, `https://${t.domain}:8443/x`, "page.html"] },
      ["urls.0", "urls.1", "urls.2", "urls.3", "urls.4"], ["off_host", "credentials_in_url", "unsupported_scheme", "non_default_port", "invalid_url"],
    );
  });

  it("a NUL byte in a URL, the user agent or the draft", async () => {
    await expect400({ urls: ["/a\u0000b"] }, ["urls.0"]);
    await expect400({ urls: ["/a"], userAgent: "Googlebot\u0000" }, ["userAgent"]);
    await expect400({ urls: ["/a"], robotsTxt: "User-agent: *\nDisallow: /\u0000" }, ["robotsTxt"]);
  });

  it("a draft over 512 KiB (400) and a body over 1 MiB (413)", async () => {
    await expect400({ urls: ["/a"], robotsTxt: "#".repeat(512 * 1024 + 1) }, ["robotsTxt"]);
    const { res, body } = await post(t, { urls: ["/a"], robotsTxt: "#".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("no URLs, more than 100, an unknown field, a bad user agent", async () => {
    await expect400({ urls: [] }, ["urls"]);
    await expect400({ urls: Array(101).fill("/") }, ["urls"]);
    await expect400({ urls: ["/"], robots: "x" }, [""]);
    await expect400({ urls: ["/"], userAgent: "G".repeat(501) }, ["userAgent"]);
    await expect400({ urls: ["/"], userAgent: "2.1" }, ["userAgent"]);
  });
});

describe("POST …/robots/test access", () => {
  it("answers 404 for another organization's project, through either organization in the path", async () => {
    const victim = await projectOf(alice, "victim");
    serve(victim.domain, "/robots.txt", { body: "User-agent: *\nDisallow: /secret" });
    const viaOwnOrg = await post({ ...victim, organizationId: mallory.organizationId }, { urls: ["/secret"] }, { headers: bearer(mallory.sessionToken) });
    expect(viaOwnOrg.res.status).toBe(404);
    expect(viaOwnOrg.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    const viaVictimOrg = await post(victim, { urls: ["/secret"] }, { headers: bearer(mallory.sessionToken) });
    expect(viaVictimOrg.res.status).toBe(404);
    // An off-host URL does not reveal that the project exists either.
    const offHost = await post({ ...victim, organizationId: mallory.organizationId }, { urls: ["https://evil.example/"] }, { headers: bearer(mallory.sessionToken) });
    expect(offHost.res.status).toBe(404);
    expect(robotsRequests(victim.domain)).toHaveLength(0);
  });

  it("answers 403 with the missing scope for an API key without projects:read, 200 with R", async () => {
    const t = await projectOf(alice, "scopes");
    serve(t.domain, "/robots.txt", { body: "User-agent: *\nDisallow: /" });
    const weak = await createTestApiKey(alice, ["organization:read", "projects:write"]);
    const denied = await post(t, { urls: ["/"] }, { headers: apiKeyHeader(weak.key) });
    expect(denied.res.status).toBe(403);
    expect(denied.body).toMatchObject({ success: false, code: "FORBIDDEN", meta: { missingScopes: ["projects:read"] } });
    const reader = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const allowed = await post(t, { urls: ["/"] }, { headers: apiKeyHeader(reader.key) });
    expect(allowed.res.status).toBe(200);
    expect(allowed.body.data.results[0]).toMatchObject({ allowed: false, rule: { line: 2, directive: "disallow", value: "/" } });
  });

  it("answers 401 without credentials", async () => {
    const t = await projectOf(alice, "anon");
    const { res, body } = await post(t, { urls: ["/"] }, { headers: {} });
    expect(res.status).toBe(401);
    expect(body.code).toBe("UNAUTHORIZED");
  });
});

// Hostile input as a user would send it, through the real route handlers: URLs with userinfo or
// another port, NUL characters anywhere, huge strings and wrong shapes. Bad input is a 4xx, never a 500.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as projectsRoute from "@/app/api/user/organizations/[organizationId]/projects/route";
import * as projectRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/route";
import * as statusRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/status/route";
import * as automationRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/automation/route";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/route";
import * as urlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/route";
import * as importsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/imports/route";
import * as issuesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/issues/route";
import * as apiKeyCreateRoute from "@/app/api/auth/api-key/create/route";
import * as apiKeyGetRoute from "@/app/api/auth/api-key/get/route";
import * as identifyRoute from "@/app/api/auth/identify/route";
import * as meRoute from "@/app/api/user/me/route";
import * as brandingRoute from "@/app/api/user/organizations/[organizationId]/branding/route";
import * as logoRoute from "@/app/api/user/organizations/[organizationId]/branding/logo/route";
import * as portfolioRoute from "@/app/api/user/organizations/[organizationId]/portfolio/route";
import * as syncRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sync/route";
import * as detailRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/detail/route";
import * as exportRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/export/route";
import * as shareLinksRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/share-links/route";
import * as shareLogoRoute from "@/app/share/[token]/logo/route";
import { db } from "@/lib/db";
import { createTestApiKey, createTestProject, createTestUser, type TestUser } from "../factories";
import { apiKeyHeader, bearer, call, type CallOptions } from "../http";
import { makePng } from "../images";

type Handler = Parameters<typeof call>[0];

let u: TestUser;
let projectId: string;
let domain: string;
const savedConnectTo = process.env.CONNECT_TO;

beforeAll(async () => {
  u = await createTestUser("hostile");
  const p = await createTestProject(u);
  projectId = p.id;
  domain = p.domain;
});
afterEach(() => {
  if (savedConnectTo === undefined) delete process.env.CONNECT_TO;
  else process.env.CONNECT_TO = savedConnectTo;
});

const api = (suffix = "", orgId = u.organizationId) => `http://127.0.0.1:3000/api/user/organizations/${orgId}/projects${suffix}`;
const auth = () => bearer(u.sessionToken);
const inProject = (extra: Record<string, string> = {}) => ({ organizationId: u.organizationId, id: projectId, ...extra });

function send(handler: Handler, opts: CallOptions) {
  return call(handler, { ...opts, headers: { ...auth(), ...opts.headers } });
}

const createProject = (json: unknown) => send(projectsRoute.POST, { method: "POST", url: api(), json, params: { organizationId: u.organizationId } });
const patchProject = (json: unknown) => send(projectRoute.PATCH, { method: "PATCH", url: api(`/${projectId}`), json, params: inProject() });
const admit = (json: unknown) => send(urlsRoute.POST, { method: "POST", url: api(`/${projectId}/urls`), json, params: inProject() });
const uniqueDomain = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}.example`;

const USERINFO = "URLs with a user name or password (userinfo) are never fetched";
const PORT_8080 = "port 8080 is not allowed; customer sites are fetched on ports 80 and 443 only";

describe("URLs with userinfo or a port other than 80/443", () => {
  const refused: [string, (d: string) => string, string][] = [
    ["user and password", (d) => `https://user:pass@${d}/sitemap.xml`, USERINFO],
    ["a host-looking user name", () => "http://example.com@127.0.0.1/", USERINFO],
    ["a password only", (d) => `https://:pw@${d}/sitemap.xml`, USERINFO],
    ["port 8080", (d) => `https://${d}:8080/sitemap.xml`, PORT_8080],
  ];

  it.each(refused)("create refuses a sitemapUrl with %s: 400 VALIDATION_ERROR", async (_n, url, message) => {
    const d = uniqueDomain("ui");
    const { res, body } = await createProject({ domain: d, sitemapUrl: url(d) });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors).toEqual([{ path: "sitemapUrl", message, code: "custom" }]);
    expect(await db.project.count({ where: { domain: d } })).toBe(0);
  });

  it.each(refused)("PATCH refuses a sitemapUrl with %s: 400, the project unchanged", async (_n, url, message) => {
    const { res, body } = await patchProject({ name: "renamed?", sitemapUrl: url(domain) });
    expect(res.status).toBe(400);
    expect(body.meta?.errors).toEqual([{ path: "sitemapUrl", message, code: "custom" }]);
    expect(await db.project.findUniqueOrThrow({ where: { id: projectId } })).toMatchObject({ name: domain, sitemapUrl: `https://${domain}/sitemap.xml` });
  });

  it("accepts ports 80 and 443 written out, and another port that CONNECT_TO names explicitly", async () => {
    const d = uniqueDomain("ports");
    expect((await createProject({ domain: d, sitemapUrl: `https://${d}:443/sitemap.xml` })).res.status).toBe(201);
    expect((await patchProject({ sitemapUrl: `http://${domain}:80/sitemap.xml` })).res.status).toBe(200);
    process.env.CONNECT_TO = `${domain}:8080:127.0.0.1:9000`;
    const mapped = await patchProject({ sitemapUrl: `https://${domain}:8080/sitemap.xml` });
    expect(mapped.res.status).toBe(200);
    expect(mapped.body.data.sitemapUrl).toBe(`https://${domain}:8080/sitemap.xml`);
    expect((await patchProject({ sitemapUrl: `https://${domain}:8081/sitemap.xml` })).res.status).toBe(400);
    await db.project.update({ where: { id: projectId }, data: { sitemapUrl: `https://${domain}/sitemap.xml` } });
  });

  it("manual admission refuses a URL with userinfo: 400 naming it, nothing admitted", async () => {
    const { res, body } = await admit({ urls: [`https://${domain}/ok`, `https://user:pw@${domain}/private`, `http://${domain}@127.0.0.1/`] });
    expect(res.status).toBe(400);
    expect(body.meta?.errors).toEqual([
      { path: "urls.1", code: "credentials_in_url", message: "URLs with a user name or password are not accepted" },
      { path: "urls.2", code: "credentials_in_url", message: "URLs with a user name or password are not accepted" },
    ]);
    expect(await db.trackedUrl.count({ where: { projectId } })).toBe(0);
  });

  it("an import reports userinfo and NUL rows as row errors (the NUL shown as U+FFFD) and keeps the rest", async () => {
    const csv = `url\nhttps://${domain}/a\nhttps://u:p@${domain}/b\nhttps://${domain}/c\u0000d\n`;
    const { res, body } = await send(importsRoute.POST, {
      method: "POST", url: api(`/${projectId}/imports`), headers: { "content-type": "text/csv" }, rawBody: csv, params: inProject(),
    });
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ totalRows: 3, validRows: 1, invalidRows: 2 });
    expect(body.data.rowErrors).toEqual([
      { line: 3, reason: "credentials_in_url", value: `https://u:p@${domain}/b` },
      { line: 4, reason: "nul_byte", value: `https://${domain}/c\ufffdd` },
    ]);
  });
});

describe("a sitemap URL on an internal address", () => {
  it.each([
    ["the metadata service", "http://169.254.169.254/latest/meta-data", "linkLocal IPv4 address"],
    ["localhost", "http://localhost/sitemap.xml", "this machine's own name"],
    ["a name under localhost", "https://shop.localhost/sitemap.xml", "this machine's own name"],
    ["loopback", "https://127.0.0.1/sitemap.xml", "loopback IPv4 address"],
    ["loopback written short", "http://127.1/sitemap.xml", "loopback IPv4 address"],
    ["loopback in octal", "http://0177.0.0.1/sitemap.xml", "loopback IPv4 address"],
    ["a private address", "http://10.0.0.5/sitemap.xml", "private IPv4 address"],
    ["IPv6 loopback", "http://[::1]/sitemap.xml", "loopback"],
    ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/sitemap.xml", "loopback"],
  ])("is refused at the door (%s): 400 on create and PATCH, nothing stored", async (_n, url, reason) => {
    const d = uniqueDomain("int");
    const created = await createProject({ domain: d, sitemapUrl: url });
    expect(created.res.status).toBe(400);
    expect(created.body.meta?.errors).toEqual([{ path: "sitemapUrl", code: "custom", message: expect.stringContaining(reason) }]);
    expect(await db.project.count({ where: { domain: d } })).toBe(0);
    const patched = await patchProject({ sitemapUrl: url });
    expect(patched.res.status).toBe(400);
    expect(patched.body.meta?.errors?.[0].message).toContain("never fetched");
    expect((await db.project.findUniqueOrThrow({ where: { id: projectId } })).sitemapUrl).toBe(`https://${domain}/sitemap.xml`);
  });

  it("is accepted where CONNECT_TO maps that address and port explicitly (operator configuration)", async () => {
    process.env.CONNECT_TO = "127.0.0.1:443:127.0.0.1:8443";
    expect((await patchProject({ sitemapUrl: "https://127.0.0.1/sitemap.xml" })).res.status).toBe(200);
    await db.project.update({ where: { id: projectId }, data: { sitemapUrl: `https://${domain}/sitemap.xml` } });
  });
});

describe("NUL characters never reach the database", () => {
  const nulError = (path: string) => ({ path, code: "nul_byte", message: "Must not contain a NUL (U+0000) character" });

  it.each([
    ["q on the project list", () => send(projectsRoute.GET, { url: api("?q=shop%00"), params: { organizationId: u.organizationId } }), "q"],
    ["q alone", () => send(projectsRoute.GET, { url: api("?q=%00"), params: { organizationId: u.organizationId } }), "q"],
    ["a repeated q", () => send(projectsRoute.GET, { url: api("?q=%00&q=fine"), params: { organizationId: u.organizationId } }), "q"],
    ["offset", () => send(projectsRoute.GET, { url: api("?offset=%00"), params: { organizationId: u.organizationId } }), "offset"],
    ["a URL filter", () => send(urlsRoute.GET, { url: api(`/${projectId}/urls?source=%00`), params: inProject() }), "source"],
    ["an issue filter", () => send(issuesRoute.GET, { url: api(`/${projectId}/issues?status=open%00`), params: inProject() }), "status"],
    ["an unknown parameter", () => send(projectsRoute.GET, { url: api("?utm=%00"), params: { organizationId: u.organizationId } }), "utm"],
    ["the import file name", () => send(importsRoute.POST, {
      method: "POST", url: api(`/${projectId}/imports?fileName=a%00.csv`), headers: { "content-type": "text/csv" }, rawBody: "https://x/", params: inProject(),
    }), "fileName"],
    ["an API key id", () => send(apiKeyGetRoute.GET, { url: "http://127.0.0.1:3000/api/auth/api-key/get?id=%00" }), "id"],
  ])("in the query (%s): 400 naming the parameter", async (_n, request, path) => {
    const { res, body } = await request();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors).toEqual([nulError(path)]);
  });

  it.each([
    ["name on create", () => createProject({ domain: uniqueDomain("nul"), name: "My\u0000Shop" }), "name"],
    ["domain on create", () => createProject({ domain: `nul\u0000.example` }), "domain"],
    ["sitemapUrl on create", () => createProject({ domain: uniqueDomain("nul"), sitemapUrl: "https://nul.example/site\u0000map.xml" }), "sitemapUrl"],
    ["name on PATCH", () => patchProject({ name: "\u0000" }), "name"],
    ["sitemapUrl on PATCH", () => patchProject({ sitemapUrl: `https://${domain}/s.xml?\u0000` }), "sitemapUrl"],
    ["urls[] on admission", () => admit({ urls: [`https://${domain}/ok`, `https://${domain}/a\u0000b`] }), "urls.1"],
    ["a key of the body", () => patchProject({ "name\u0000": "x" }), "name\ufffd"],
    ["the status", () => send(statusRoute.PATCH, { method: "PATCH", url: api(`/${projectId}/status`), json: { status: "paused\u0000" }, params: inProject() }), "status"],
    ["an API key name", () => send(apiKeyCreateRoute.POST, {
      method: "POST", url: "http://127.0.0.1:3000/api/auth/api-key/create",
      json: { name: "k\u0000", metadata: { organizationId: u.organizationId, scopes: ["projects:read"] } },
    }), "name"],
    ["an email on a public route", () => call(identifyRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/auth/identify", json: { email: "a\u0000@example.com" } }), "email"],
  ])("in the body (%s): 400 naming the field", async (_n, request, path) => {
    const { res, body } = await request();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors).toEqual([nulError(path)]);
  });

  it.each([
    ["the project id", () => send(projectRoute.GET, { url: api(`/${projectId}%00`), params: inProject({ id: `${projectId}\u0000` }) })],
    ["the organization id", () => send(projectsRoute.GET, { url: api("", `${u.organizationId}%00`), params: { organizationId: `${u.organizationId}\u0000` } })],
    ["the URL id", () => send(urlRoute.GET, { url: api(`/${projectId}/urls/x%00`), params: inProject({ urlId: "\u0000" }) })],
  ])("in a path parameter (%s): 404 NOT_FOUND", async (_n, request) => {
    const { res, body } = await request();
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
  });

  it.each([
    ["a NUL", "next-auth.session-token=%00"],
    ["a NUL inside", "next-auth.session-token=abc%00def"],
    ["malformed percent-encoding", "next-auth.session-token=%E0%A4%A"],
  ])("in the session cookie (%s): 401, not a lookup", async (_n, cookie) => {
    const { res, body } = await call(meRoute.GET, { url: "http://127.0.0.1:3000/api/user/me", headers: { cookie } });
    expect(res.status).toBe(401);
    expect(body.code).toBe("UNAUTHORIZED");
  });

  it("none of it was written", async () => {
    expect(await db.project.count({ where: { organizationId: u.organizationId, name: { contains: "\ufffd" } } })).toBe(0);
    expect(await db.trackedUrl.count({ where: { projectId } })).toBe(0);
  });
});

describe("huge strings, wrong types and wrong shapes answer 4xx, never 500", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const list = (qs: string) => () => send(projectsRoute.GET, { url: api(qs), params: { organizationId: u.organizationId } });
  const createRaw = (rawBody: string | Uint8Array, contentType = "application/json") =>
    () => send(projectsRoute.POST, { method: "POST", url: api(), headers: { "content-type": contentType }, rawBody, params: { organizationId: u.organizationId } });

  it.each([
    ["q of 100,000 characters", list(`?q=${"a".repeat(100_000)}`), 400],
    ["q twice", list("?q=a&q=b"), 200],
    ["limit=abc", list("?limit=abc"), 400],
    ["limit=1e309", list("?limit=1e309"), 400],
    ["offset=-1", list("?offset=-1"), 400],
    ["offset=1e300", list("?offset=1e300"), 400],
    ["offset=99999999999999999999", list("?offset=99999999999999999999"), 400],
    ["offset=0x10", list("?offset=0x10"), 200],
    ["create: an array body", () => createProject([]), 400],
    ["create: a string body", () => createProject("example.com"), 400],
    ["create: a null body", () => createProject(null), 400],
    ["create: domain as a number", () => createProject({ domain: 123 }), 400],
    ["create: domain as an array", () => createProject({ domain: ["a.example"] }), 400],
    ["create: domain as an object", () => createProject({ domain: { toString: "a.example" } }), 400],
    ["create: a 10,000-character domain", () => createProject({ domain: `${"a".repeat(10_000)}.example` }), 400],
    ["create: a 300-character name", () => createProject({ domain: uniqueDomain("long"), name: "n".repeat(300) }), 400],
    ["create: a name over the 1 MiB body limit", () => createProject({ domain: uniqueDomain("huge"), name: "n".repeat(1_100_000) }), 413],
    ["create: sitemapUrl as an array", () => createProject({ domain: uniqueDomain("arr"), sitemapUrl: ["https://a.example/s.xml"] }), 400],
    ["create: a lone surrogate in the name", () => createProject({ domain: uniqueDomain("sur"), name: "a\ud800b" }), 201],
    // A project's name is a mail's subject (issue digests): no line breaks or other control characters.
    ["create: a CR/LF and a Bcc header in the name", () => createProject({ domain: uniqueDomain("crlf"), name: "Shop\r\nBcc: x@evil.example" }), 400],
    ["create: a tab in the name", () => createProject({ domain: uniqueDomain("tab"), name: "Shop\tA" }), 400],
    ["PATCH: a line break in the name", () => patchProject({ name: "Shop\nX-Injected: 1" }), 400],
    ["create: nesting 100,000 deep", createRaw(deep(100_000)), 400],
    ["create: malformed JSON", createRaw("{\"domain\":"), 400],
    ["create: invalid UTF-8", createRaw(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])), 400],
    ["create: a raw NUL inside a JSON string", createRaw("{\"domain\":\"a\u0000.example\"}"), 400],
    ["create: text/plain", createRaw("{}", "text/plain"), 415],
    ["PATCH: name null", () => patchProject({ name: null }), 400],
    ["PATCH: name as an object", () => patchProject({ name: { $ne: "" } }), 400],
    ["admit: urls as a string", () => admit({ urls: `https://${domain}/a` }), 400],
    ["admit: urls of numbers", () => admit({ urls: [1, 2] }), 400],
    ["admit: urls of arrays", () => admit({ urls: [[`https://${domain}/a`]] }), 400],
    ["admit: urls of objects", () => admit({ urls: [{}] }), 400],
    ["admit: 1,001 urls", () => admit({ urls: Array.from({ length: 1001 }, (_, i) => `https://${domain}/p${i}`) }), 400],
    ["admit: a 5,000-character URL", () => admit({ urls: [`https://${domain}/${"p".repeat(5000)}`] }), 400],
    ["admit: an empty list", () => admit({ urls: [] }), 400],
    ["status: wrong case", () => send(statusRoute.PATCH, { method: "PATCH", url: api(`/${projectId}/status`), json: { status: "PAUSED" }, params: inProject() }), 400],
    ["status: an array", () => send(statusRoute.PATCH, { method: "PATCH", url: api(`/${projectId}/status`), json: { status: ["paused"] }, params: inProject() }), 400],
    ["automation: a string boolean", () => send(automationRoute.PUT, {
      method: "PUT", url: api(`/${projectId}/automation`), json: { enabled: "true", cadence: "daily" }, params: inProject(),
    }), 400],
    ["API key: metadata as a string", () => send(apiKeyCreateRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/auth/api-key/create", json: { name: "k", metadata: "x" } }), 400],
    ["API key: a 100,000-character id", () => send(apiKeyGetRoute.GET, { url: `http://127.0.0.1:3000/api/auth/api-key/get?id=${"a".repeat(100_000)}` }), 400],
    ["identify: email as an array", () => call(identifyRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/auth/identify", json: { email: ["a@example.com"] } }), 400],
    ["identify: a 100,000-character email", () => call(identifyRoute.POST, {
      method: "POST", url: "http://127.0.0.1:3000/api/auth/identify", json: { email: `${"a".repeat(100_000)}@example.com` },
    }), 400],
  ])("%s", async (_n, request, status) => {
    const { res, body } = await request();
    expect(res.status).toBe(status);
    expect(body.status).toBe(status);
    if (status >= 400) expect(body.success).toBe(false);
  });
});

describe("the surfaces added with branding, URL detail, sync progress and the export (an attacker's second pass)", () => {
  const org = (suffix = "") => `http://127.0.0.1:3000/api/user/organizations/${u.organizationId}${suffix}`;
  const orgParams = () => ({ organizationId: u.organizationId });
  const putBranding = (json: unknown, headers: Record<string, string> = {}) =>
    send(brandingRoute.PUT, { method: "PUT", url: org("/branding"), json, params: orgParams(), headers });
  const putLogo = (rawBody: Uint8Array | string, headers: Record<string, string> = {}) =>
    send(logoRoute.PUT, { method: "PUT", url: org("/branding/logo"), headers: { "content-type": "image/png", ...headers }, rawBody, params: orgParams() });
  /** A PNG signature and IHDR, then an HTML page with a script: what a browser would run if it sniffed it. */
  const polyglot = () => Buffer.concat([makePng(32, 32).subarray(0, 33), Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]);

  it.each([
    ["a NUL in the display name", { displayName: "North\u0000wind", accentColor: null }],
    ["a line break in the display name", { displayName: "North\r\nBcc: x@evil.example", accentColor: null }],
    ["a 100,000-character display name", { displayName: "n".repeat(100_000), accentColor: null }],
    ["the display name as a number", { displayName: 42, accentColor: null }],
    ["the display name as an array", { displayName: ["a"], accentColor: null }],
    ["CSS in the accent colour", { displayName: null, accentColor: "#000;}body{background:url(//evil.example)" }],
    ["the accent colour as an object", { displayName: null, accentColor: { r: 1 } }],
    ["a logo URL smuggled into the body", { displayName: null, accentColor: null, logoUrl: "http://169.254.169.254/latest" }],
  ])("branding refuses %s: 400, nothing stored", async (_n, json) => {
    const { res, body } = await putBranding(json);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    expect(await db.organizationBranding.count({ where: { organizationId: u.organizationId } })).toBe(0);
  });

  it("a polyglot logo (PNG header, then HTML and a script) is only ever served as an image that cannot run", async () => {
    expect((await putLogo(polyglot())).res.status).toBe(200);
    const own = await logoRoute.GET(new Request(org("/branding/logo"), { headers: auth() }), { params: Promise.resolve(orgParams()) });
    const link = await send(shareLinksRoute.POST, { method: "POST", url: api(`/${projectId}/share-links`), json: { expiresInDays: 1 }, params: inProject() });
    const token = new URL(link.body.data.url).pathname.split("/").pop()!;
    const shared = await shareLogoRoute.GET(new Request(`http://127.0.0.1:3000/share/${token}/logo`), { params: Promise.resolve({ token }) });
    for (const res of [own, shared]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    }
    // A text/html upload is read from its bytes like any other, and refused.
    const html = await putLogo("<!doctype html><script>alert(1)</script>", { "content-type": "text/html" });
    expect(html.res.status).toBe(400);
    expect(html.body.meta?.errors?.[0].code).toBe("not_an_image");
    await send(logoRoute.DELETE, { method: "DELETE", url: org("/branding/logo"), params: orgParams() });
  });

  it.each([
    ["a forged token", "A".repeat(43)],
    ["a truncated token", "abc"],
    ["a NUL", "abc\u0000def"],
    ["a 10,000-character token", "a".repeat(10_000)],
    ["a path", "../../api/user/me"],
  ])("the share page's logo answers 404 for %s, never 500", async (_n, token) => {
    const res = await shareLogoRoute.GET(new Request("http://127.0.0.1:3000/share/x/logo"), { params: Promise.resolve({ token }) });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("a read-only key cannot change the branding, the logo or start a sync (403), and reads them", async () => {
    const { key } = await createTestApiKey(u, ["projects:read", "organization:read"]);
    const ro = { ...apiKeyHeader(key) };
    const asKey = (handler: Handler, opts: CallOptions) => call(handler, { ...opts, headers: { ...ro, ...opts.headers } });
    const writes = [
      await asKey(brandingRoute.PUT, { method: "PUT", url: org("/branding"), json: { displayName: "Owned", accentColor: null }, params: orgParams() }),
      await asKey(logoRoute.PUT, { method: "PUT", url: org("/branding/logo"), headers: { "content-type": "image/png" }, rawBody: makePng(32, 32), params: orgParams() }),
      await asKey(logoRoute.DELETE, { method: "DELETE", url: org("/branding/logo"), params: orgParams() }),
      await asKey(syncRoute.POST, { method: "POST", url: api(`/${projectId}/sync`), params: inProject() }),
    ];
    expect(writes.map((w) => [w.res.status, w.body.code])).toEqual(Array(4).fill([403, "FORBIDDEN"]));
    expect(await db.organizationBranding.count({ where: { organizationId: u.organizationId, displayName: "Owned" } })).toBe(0);
    expect((await asKey(brandingRoute.GET, { url: org("/branding"), params: orgParams() })).res.status).toBe(200);
    expect((await asKey(syncRoute.GET, { url: api(`/${projectId}/sync`), params: inProject() })).res.status).toBe(200);
    expect((await asKey(portfolioRoute.GET, { url: org("/portfolio"), params: orgParams() })).res.status).toBe(200);
  });

  it("another organization's ids answer 404 on every new read and write", async () => {
    const victim = await createTestUser("hostile-victim");
    const vp = await createTestProject(victim);
    const theirLogo = makePng(40, 40);
    await db.organizationBranding.create({ data: { organizationId: victim.organizationId, logo: new Uint8Array(theirLogo), logoMimeType: "image/png", logoWidth: 40, logoHeight: 40, logoUpdatedAt: new Date() } });
    const theirs = { organizationId: victim.organizationId };
    const inTheirs = { organizationId: victim.organizationId, id: vp.id };
    const vo = (s = "") => `http://127.0.0.1:3000/api/user/organizations/${victim.organizationId}${s}`;
    const answers = [
      await send(brandingRoute.GET, { url: vo("/branding"), params: theirs }),
      await send(brandingRoute.PUT, { method: "PUT", url: vo("/branding"), json: { displayName: "Owned", accentColor: null }, params: theirs }),
      await send(logoRoute.PUT, { method: "PUT", url: vo("/branding/logo"), headers: { "content-type": "image/png" }, rawBody: makePng(32, 32), params: theirs }),
      await send(logoRoute.GET, { url: vo("/branding/logo"), params: theirs }),
      await send(logoRoute.DELETE, { method: "DELETE", url: vo("/branding/logo"), params: theirs }),
      await send(portfolioRoute.GET, { url: vo("/portfolio"), params: theirs }),
      await send(syncRoute.GET, { url: vo(`/projects/${vp.id}/sync`), params: inTheirs }),
      // Their project under our organization's path.
      await send(syncRoute.GET, { url: api(`/${vp.id}/sync`), params: inProject({ id: vp.id }) }),
      await send(detailRoute.GET, { url: api(`/${vp.id}/urls/${crypto.randomUUID()}/detail`), params: inProject({ id: vp.id, urlId: crypto.randomUUID() }) }),
      await send(exportRoute.GET, { url: api(`/${vp.id}/urls/export`), params: inProject({ id: vp.id }) }),
    ];
    expect(answers.map((a) => a.res.status)).toEqual(Array(answers.length).fill(404));
    expect(await db.organizationBranding.findUniqueOrThrow({ where: { organizationId: victim.organizationId } })).toMatchObject({ displayName: null, logoWidth: 40 });
  });

  it.each([
    ["an unknown column", "?columns=url,passwordHash", 400],
    ["a NUL in columns", "?columns=url%00", 400],
    ["101 columns", `?columns=${Array(101).fill("url").join(",")}`, 400],
    ["a 100,000-character columns", `?columns=${"a".repeat(100_000)}`, 400],
    ["an unknown header style", "?header=formulas", 400],
    ["a prototype key as a column", "?columns=__proto__,constructor", 400],
  ])("the URL export refuses %s before any byte", async (_n, qs, status) => {
    const { res, body } = await send(exportRoute.GET, { url: api(`/${projectId}/urls/export${qs}`), params: inProject() });
    expect(res.status).toBe(status);
    expect(body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  });

  it.each([
    ["a NUL", "\u0000"],
    ["a malformed id", "not-a-uuid"],
    ["a 10,000-character id", "a".repeat(10_000)],
  ])("the URL detail answers 404 for %s as the URL id", async (_n, urlId) => {
    const { res, body } = await send(detailRoute.GET, { url: api(`/${projectId}/urls/x/detail`), params: inProject({ urlId }) });
    expect(res.status).toBe(404);
    expect(body.code).toBe("NOT_FOUND");
  });
});

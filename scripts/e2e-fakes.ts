// The outside world of the e2e journeys: the scriptable DNS server, customer site, IndexNow endpoint,
// gsc (OAuth + API) and engine-B API of tests/fakes, plus a small HTTP control endpoint
// through which Playwright tests script them (API: e2e/README.md). Started by scripts/e2e-server.mjs,
// which reads the READY line and passes DNS_SERVERS, CONNECT_TO, NODE_EXTRA_CA_CERTS, INDEXNOW_ENDPOINT,
// the fakes' engine settings, GSC_CLIENT_ID/SECRET and ENCRYPTION_KEY to `next start`.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeGsc, type FakeSearchAnalyticsRow, type FakeSite } from "../tests/fakes/gsc-server";
import { startFakeDns, type DnsAnswer } from "../tests/fakes/dns-server";
import { startFakeEngineB, type FakeEngineBSite } from "../tests/fakes/engine-b-server";
import { startFakeIndexNow } from "../tests/fakes/indexnow-server";
import { startTestSite, type RouteSpec } from "../tests/fakes/test-site";
import { startFakeOidc } from "../tests/fakes/oidc-provider";
import { indexNowControl } from "./e2e-indexnow-control";

const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 3199 + Number(process.env.E2E_PORT_OFFSET ?? 0));

const dns = await startFakeDns();
// One certificate for every `*.e2e.test` domain: journeys use a fresh subdomain each.
const site = await startTestSite({ hostnames: ["e2e.test", "*.e2e.test"], certificateDays: 90 });
// Without it, a project with a verified key would post its URLs to the real api.indexnow.org.
const indexNow = await startFakeIndexNow();
// gsc (consent page, token endpoint, site list) and the second engine's API.
const gsc = await startFakeGsc();
const engineB = await startFakeEngineB();
// An organization's identity provider (oidc-provider), at http://127.0.0.1:<3198+offset> so that the browser reaches it too.
const oidcPort = 3198 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const appUrl = process.env.NEXTAUTH_URL ?? `http://127.0.0.1:${3100 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const oidc = await startFakeOidc({ port: oidcPort, redirectUri: `${appUrl}/auth/sso/callback`, clientId: "indexwatch-e2e", clientSecret: "e2e-client-secret" });
const caFile = path.join(tmpdir(), `indexwatch-e2e-ca-${process.pid}.pem`);
writeFileSync(caFile, site.ca);

// Routes per host and path; the test site routes by path only, so each path dispatches on the Host header.
const routes = new Map<string, Map<string, RouteSpec>>();
const dispatching = new Set<string>();
const hostOf = (req: http.IncomingMessage) => (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");

function setRoute(host: string, routePath: string, spec: RouteSpec) {
  const key = host.toLowerCase();
  if (!routes.has(key)) routes.set(key, new Map());
  routes.get(key)!.set(routePath, spec);
  if (dispatching.has(routePath)) return;
  dispatching.add(routePath);
  site.route(routePath, (req, res) => {
    const spec = routes.get(hostOf(req))?.get(routePath);
    if (!spec) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    const body = spec.body ?? "";
    setTimeout(() => {
      if (spec.redirect) return void res.writeHead(spec.status ?? 302, { location: spec.redirect }).end();
      res.writeHead(spec.status ?? 200, { "content-length": String(Buffer.byteLength(body)), ...(spec.headers ?? {}) }).end(body);
    }, spec.delayMs ?? 0);
  });
}

function sitemapXml(host: string, count: number, pathPrefix: string): string {
  const urls = Array.from({ length: count }, (_, i) => `<url><loc>https://${host}${pathPrefix}${i + 1}</loc></url>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

type Body = Record<string, unknown>;
// The settings `next start` runs with (the READY line below): an operator CLI command a journey runs reaches the same fakes.
let appEnv: Record<string, string> | null = null;
// The one account on the fake consent page (tests/fakes/gsc-server.ts's default user).
const GSC_USER = "owner@example.test";

async function readBody(req: http.IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Body) : {};
}

const str = (v: unknown, name: string): string => {
  if (typeof v !== "string" || !v) throw new Error(`"${name}" is required`);
  return v;
};

async function handle(req: http.IncomingMessage): Promise<unknown> {
  const url = new URL(req.url ?? "/", "http://control");
  const body = req.method === "POST" ? await readBody(req) : {};
  const q = (name: string) => url.searchParams.get(name) ?? undefined;
  const route = `${req.method} ${url.pathname}`;
  const indexNowAnswer = url.pathname.startsWith("/indexnow") ? indexNowControl(indexNow, route, body, q) : null;
  if (indexNowAnswer !== null) return indexNowAnswer;
  switch (route) {
    case "GET /health":
      return { ok: true, dns: dns.server, httpPort: site.httpPort, httpsPort: site.httpsPort, indexNow: indexNow.url, gsc: gsc.url, engineB: engineB.url };
    case "POST /dns/txt": {
      const values = [body.values ?? body.value].flat().filter((v): v is string => typeof v === "string");
      dns.set(str(body.name, "name"), { TXT: values });
      return { name: body.name, TXT: values };
    }
    case "POST /dns/answer":
      dns.set(str(body.name, "name"), body.answer as DnsAnswer);
      return { name: body.name };
    case "DELETE /dns":
      dns.delete(str(q("name"), "name"));
      return { deleted: q("name") };
    case "GET /dns/queries":
      return dns.queriesFor(str(q("name"), "name"), q("type"));
    case "POST /site/route": {
      const spec: RouteSpec = { status: body.status as number | undefined, body: body.body as string | undefined, headers: body.headers as Record<string, string> | undefined, delayMs: body.delayMs as number | undefined, redirect: body.redirect as string | undefined };
      setRoute(str(body.host, "host"), str(body.path, "path"), spec);
      return { host: body.host, path: body.path };
    }
    case "POST /site/sitemap": {
      const host = str(body.host, "host").toLowerCase();
      const count = Number(body.count ?? 10);
      const sitemapPath = typeof body.path === "string" ? body.path : "/sitemap.xml";
      const xml = { "content-type": "application/xml" };
      setRoute(host, sitemapPath, { body: sitemapXml(host, count, typeof body.pagePrefix === "string" ? body.pagePrefix : "/page-"), headers: xml });
      if (body.robots !== false) setRoute(host, "/robots.txt", { body: `User-agent: *\nAllow: /\n\nSitemap: https://${host}${sitemapPath}\n`, headers: { "content-type": "text/plain" } });
      if (body.llms === true) setRoute(host, "/llms.txt", { body: `# ${host}\n`, headers: { "content-type": "text/plain" } });
      return { host, sitemapUrl: `https://${host}${sitemapPath}`, count };
    }
    case "POST /gsc/sites": {
      const sites = (Array.isArray(body.sites) ? body.sites : []) as FakeSite[];
      gsc.setSites(str(body.email ?? GSC_USER, "email"), sites);
      return { email: body.email ?? GSC_USER, sites };
    }
    case "GET /gsc/requests":
      return gsc.requests.map(({ route, method, status }) => ({ route, method, status }));
    case "POST /gsc/search-analytics": {
      // Per property: a journey scripts the rows of its own domain's property only.
      const rows = (Array.isArray(body.rows) ? body.rows : []) as FakeSearchAnalyticsRow[];
      gsc.setSearchAnalytics(str(body.siteUrl, "siteUrl"), rows);
      return { siteUrl: body.siteUrl, rows: rows.length };
    }
    case "GET /app-env":
      if (!appEnv) throw new Error("the fakes are not ready yet");
      return appEnv;
    case "POST /engine-b/key": {
      const sites = (Array.isArray(body.sites) ? body.sites : []) as FakeEngineBSite[];
      engineB.addKey(str(body.apiKey, "apiKey"), sites);
      return { sites };
    }
    case "POST /engine-b/url-info": {
      // Dates arrive as ISO strings; the fake serializes Date values in the service's /Date(ms)/ form.
      const info = Object.fromEntries(Object.entries((body.info ?? {}) as Record<string, unknown>)
        .map(([k, v]) => [k, /Date$/.test(k) && typeof v === "string" ? new Date(v) : v]));
      engineB.setUrlInfo(str(body.url, "url"), info);
      return { url: body.url };
    }
    case "POST /oidc/next":
      oidc.signInAs({ email: str(body.email, "email"), email_verified: body.email_verified !== false });
      return { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret };
    case "DELETE /site":
      routes.delete(str(q("host"), "host").toLowerCase());
      return { deleted: q("host") };
    case "GET /site/requests": {
      const host = q("host")?.toLowerCase();
      return site.requests.filter((r) => !host || (r.host ?? "").toLowerCase().replace(/:\d+$/, "") === host).map(({ method, path: p, host: h, secure }) => ({ method, path: p, host: h, secure }));
    }
    default:
      throw Object.assign(new Error(`no control route ${req.method} ${url.pathname}`), { status: 404 });
  }
}

const control = http.createServer((req, res) => {
  handle(req).then(
    (data) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(data)),
    (error: Error & { status?: number }) => res.writeHead(error.status ?? 400, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message })),
  );
});
await new Promise<void>((resolve, reject) => {
  control.once("error", reject);
  control.listen(controlPort, "127.0.0.1", resolve);
});

// Every customer host maps to the test site: HTTPS on 443, HTTP on 80 (an empty HOST matches any).
const ready = {
  DNS_SERVERS: dns.server,
  // The identity provider's own address is named explicitly: operator configuration, the only way to a private address.
  CONNECT_TO: `:443:127.0.0.1:${site.httpsPort},:80:127.0.0.1:${site.httpPort},127.0.0.1:${oidcPort}:127.0.0.1:${oidcPort}`,
  NODE_EXTRA_CA_CERTS: caFile,
  INDEXNOW_ENDPOINT: indexNow.url,
  E2E_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
  // GSC_OAUTH_AUTHORIZE_URL, GSC_OAUTH_TOKEN_URL, GSC_API_BASE_URL, GSC_CLIENT_ID, GSC_CLIENT_SECRET
  ...gsc.env(),
  ...engineB.env(),
  // Connections store their secrets sealed; a fresh key per run (nothing outlives the run's database anyway).
  ENCRYPTION_KEY: process.env.E2E_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
};
appEnv = ready;
process.stdout.write(`E2E_FAKES_READY ${JSON.stringify(ready)}\n`);

async function shutdown() {
  control.close();
  await Promise.allSettled([dns.close(), site.close(), indexNow.close(), gsc.close(), engineB.close(), oidc.close()]);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// Stop with the parent: scripts/e2e-server.mjs holds our stdin open and it closes when the parent goes away.
if (process.env.E2E_FAKES_STDIN_PARENT === "1") {
  process.stdin.on("end", shutdown);
  process.stdin.resume();
}

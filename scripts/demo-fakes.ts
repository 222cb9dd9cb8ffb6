// The outside world of `npm run demo`: the fakes of tests/fakes (as scripts/e2e-fakes.ts starts them for
// Playwright) scripted once, in this process, with the demo site of scripts/demo-world.ts: a DNS server that
// holds the project's TXT proof, the customer site (robots.txt, a sitemap index, every demo page, the IndexNow
// key file, and the webhook receiver) under the test CA's *.e2e.test certificate, an IndexNow endpoint, the
// gsc (one account owning sc-domain:<demo domain>, every URL's inspection and the last weeks' Search Analytics) and engine B (the
// demo key, every URL's info). Prints `DEMO_FAKES_READY {env}` with the same settings e2e-fakes passes to the
// app (DNS_SERVERS, CONNECT_TO, NODE_EXTRA_CA_CERTS, INDEXNOW_ENDPOINT, GSC_*, ENGINEB_API_BASE_URL) and
// DEMO_GSC_CODE, a consent code minted for the seed. Started by scripts/demo.mjs; stops when its stdin closes.
import { rmSync, writeFileSync } from "node:fs";
import type http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeGsc } from "../tests/fakes/gsc-server";
import { startFakeDns } from "../tests/fakes/dns-server";
import { startFakeEngineB, type FakeUrlInfo } from "../tests/fakes/engine-b-server";
import { startFakeIndexNow } from "../tests/fakes/indexnow-server";
import { startTestSite } from "../tests/fakes/test-site";
import type { EngineBUrlInfo } from "../lib/engines/engine-b";
import { answer, catalogue, gscResult, DNS_TOKEN, DOMAIN, ENGINE_B_KEY, ENGINE_B_SITE, engineBInfo, entryByPath, GSC_PROPERTY, INDEXNOW_KEY, RENDER_FIXTURE_PATHS, searchAnalyticsRows } from "./demo-world";

const GSC_USER = "owner@example.test";
const appUrl = process.env.DEMO_APP_URL ?? "http://localhost:3300";

const dns = await startFakeDns();
const site = await startTestSite({ hostnames: ["e2e.test", "*.e2e.test"], certificateDays: 90 });
const indexNow = await startFakeIndexNow();
const gsc = await startFakeGsc({ users: [{ email: GSC_USER, sites: [{ siteUrl: GSC_PROPERTY, permissionLevel: "siteOwner" }] }], codeTtlSeconds: 24 * 3600 });
const engineB = await startFakeEngineB({ keys: [{ apiKey: ENGINE_B_KEY, sites: [{ Url: ENGINE_B_SITE, IsVerified: true }] }] });
const caFile = path.join(tmpdir(), `indexwatch-demo-ca-${process.pid}.pem`);
writeFileSync(caFile, site.ca);

dns.set(`_service.${DOMAIN}`, { TXT: [`service-site-verification=${DNS_TOKEN}`] });

// The site answers as the demo world says it does now (evaluated per request, so a long session stays current).
const byPath = entryByPath();
const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://x");
  const host = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
  if (host !== DOMAIN) return void res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  const a = answer(url.pathname, 0, byPath);
  res.writeHead(a.status, { "content-length": String(Buffer.byteLength(a.body)), ...a.headers }).end(req.method === "HEAD" ? undefined : a.body);
};
for (const p of ["/robots.txt", "/llms.txt", "/sitemap.xml", "/sitemaps/products.xml", "/sitemaps/blog.xml", "/sitemaps/pages.xml", `/${INDEXNOW_KEY}.txt`, ...RENDER_FIXTURE_PATHS, ...byPath.keys()]) {
  site.route(p, serve);
}
// The demo organization's webhook endpoint: accepts every delivery.
site.route("/indexwatch", (req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(req.method === "POST" ? 200 : 405, { "content-type": "application/json" }).end('{"ok":true}'));
});

// The property's performance data (clicks and impressions per page and day), which the seed's pull reads.
gsc.setSearchAnalytics(GSC_PROPERTY, searchAnalyticsRows());
for (const e of catalogue()) {
  gsc.setInspection(e.url, gscResult(e) as Record<string, unknown> | null);
  const info = engineBInfo(e);
  engineB.setUrlInfo(e.url, info === null ? null : toFakeInfo(info));
}

function toFakeInfo(info: EngineBUrlInfo): FakeUrlInfo {
  return {
    HttpStatus: info.httpStatus ?? 0, DiscoveryDate: info.discoveryDate, LastCrawledDate: info.lastCrawledDate, DocumentSize: info.documentSize ?? 0,
    AnchorCount: info.anchorCount ?? 0, IsPage: info.isPage ?? true, TotalChildUrlCount: info.totalChildUrlCount ?? 0,
  };
}

const ready = {
  DNS_SERVERS: dns.server,
  CONNECT_TO: `:443:127.0.0.1:${site.httpsPort},:80:127.0.0.1:${site.httpPort}`,
  NODE_EXTRA_CA_CERTS: caFile,
  INDEXNOW_ENDPOINT: indexNow.url,
  ...gsc.env(),
  ...engineB.env(),
  // A consent the demo account gave for the app's callback: the seed connects gsc with it.
  DEMO_GSC_CODE: gsc.mintCode({ email: GSC_USER, redirectUri: `${appUrl}/projects/gsc/callback` }),
};
process.stdout.write(`DEMO_FAKES_READY ${JSON.stringify(ready)}\n`);

async function shutdown() {
  await Promise.allSettled([dns.close(), site.close(), indexNow.close(), gsc.close(), engineB.close()]);
  rmSync(caFile, { force: true });
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
// Stop with the parent: scripts/demo.mjs holds our stdin open and it closes when the parent goes away.
process.stdin.on("end", shutdown);
process.stdin.resume();

// The renderer against a real Chromium (CI installs Debian's; this suite fails, never skips, without one):
// hostile pages, the differences it reads, the pool's limits. Runs in the test worker, against its own test site
// (reached through a fetcher's CONNECT_TO mapping) and a canary on 127.0.0.1 that no mapping points to.
import { expect, test } from "@playwright/test";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { trackAudit } from "@/lib/audit/activity";
import { createRobotsCache } from "@/lib/audit/robots-cache";
import { createBrowserPool, type BrowserPool } from "@/lib/rendering/browser";
import { renderLimits } from "@/lib/rendering/config";
import { renderPage } from "@/lib/rendering/render-page";
import { renderAndCompare } from "@/lib/rendering/render-url";
import { startCanary, type Canary } from "../tests/fakes/canary";
import { startTestSite, type TestSite } from "../tests/fakes/test-site";

const HOST = "render.test";
const ORIGIN = `https://${HOST}`;
let site: TestSite;
let canary: Canary;
let fetcher: SafeFetcher;
let pool: BrowserPool;
const limits = { ...renderLimits(), timeoutMs: 10_000 };

const html = (body: string, head = "") => ({ headers: { "content-type": "text/html; charset=utf-8" }, body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>` });
const render = (path: string, extra: Partial<Parameters<typeof renderPage>[1]> = {}) => renderPage(`${ORIGIN}${path}`, { pool, fetcher, limits, ...extra });
const seen = (prefix: string) => site.requests.filter((r) => r.path.startsWith(prefix)).length;

test.beforeAll(async () => {
  site = await startTestSite({ hostnames: [HOST] });
  canary = await startCanary();
  fetcher = createSafeFetcher({ connectTo: site.connectTo([HOST]), tlsCa: site.ca });
  pool = createBrowserPool({ size: 2 });
  site.route("/robots.txt", { headers: { "content-type": "text/plain" }, body: "User-agent: Googlebot\nDisallow: /private/\n" });
  site.route("/ok", html("<h1>Fine</h1><p>A normal page.</p>"));
});
test.afterAll(async () => {
  await pool?.close();
  await site?.close();
  await canary?.close();
});

test("a browser is found (CI installs Debian's Chromium: without one this fails)", async () => {
  const state = await pool.state();
  expect(state, JSON.stringify(state)).toMatchObject({ available: true, mode: "local", poolSize: 2 });
});

test("nothing the page asks for reaches an internal address: fetch, XHR, images, iframes, WebSocket, redirects into the private range", async () => {
  const c = canary.port;
  site.route("/to-private", { status: 302, redirect: "http://10.0.0.1/redirected" });
  site.route("/to-loopback", { status: 302, redirect: "http://127.0.0.1/redirected" });
  site.route("/to-metadata", { status: 302, redirect: "http://169.254.169.254/latest/meta-data/" });
  site.route("/hostile", html(`
    <h1>Hostile</h1>
    <img src="http://127.0.0.1:${c}/img"><iframe src="http://127.0.0.1:${c}/frame"></iframe><iframe src="http://localhost:${c}/frame2"></iframe>
    <link rel="stylesheet" href="http://[::1]:${c}/css">
    <script>
      fetch("http://127.0.0.1:${c}/fetch").catch(() => {});
      fetch("http://169.254.169.254/latest/meta-data/").catch(() => {});
      fetch("http://127.0.0.1/port80").catch(() => {});
      fetch("/to-private").catch(() => {});
      fetch("/to-metadata").catch(() => {});
      fetch("/to-loopback").catch(() => {});
      const x = new XMLHttpRequest(); x.open("GET", "http://127.0.0.1:${c}/xhr"); x.send();
      try { new WebSocket("ws://127.0.0.1:${c}/ws"); } catch {}
      try { new EventSource("http://127.0.0.1:${c}/sse"); } catch {}
      navigator.sendBeacon("http://127.0.0.1:${c}/beacon", "x");
      try { new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${c}" }] }); } catch {}
      alert("dismissed"); confirm("dismissed");
    </script>`));
  const result = await render("/hostile");
  expect(result.ok, result.failureReason ?? "").toBe(true);
  expect(result.html).toContain("Hostile");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(canary.connections).toBe(0);
  const reasons = result.failedRequests.map((f) => `${f.resourceType} ${f.url} ${f.reason}`).join("\n");
  expect(reasons).toMatch(/websocket ws:\/\/127\.0\.0\.1.*refused/);
  expect(reasons).toMatch(/fetch http:\/\/169\.254\.169\.254\/latest\/meta-data\/ 169\.254\.169\.254: linkLocal/);
  expect(reasons).toMatch(/to-private 10\.0\.0\.1: private/);
  expect(reasons).toMatch(/to-metadata 169\.254\.169\.254: linkLocal/);
  expect(reasons).toMatch(/to-loopback 127\.0\.0\.1: loopback/);
  expect(result.failedRequests.length).toBeGreaterThanOrEqual(8);
});

test("an infinite loop fails the render with a clear reason, and the pool keeps working", async () => {
  site.route("/loop", html("<p>Before</p><script>for (;;) {}</script>"));
  const started = Date.now();
  const result = await render("/loop");
  expect(result.ok).toBe(false);
  expect(result.failureKind).toBe("timeout");
  expect(result.failureReason).toMatch(/within 10 s/);
  expect(Date.now() - started).toBeLessThan(30_000);
  const next = await render("/ok");
  expect(next.ok, next.failureReason ?? "").toBe(true);
  expect(next.html).toContain("A normal page.");
});

test("a memory hog crashes (or times out) its own page only; the pool keeps working", async () => {
  site.route("/hog", html("<script>const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));</script>"));
  const result = await render("/hog");
  expect(result.ok).toBe(false);
  expect(["crashed", "timeout"]).toContain(result.failureKind);
  expect(result.failureReason).toMatch(/crashed|within/);
  expect((await render("/ok")).ok).toBe(true);
});

test("1,000 iframes: at most 150 requests leave, the rest are refused and said so", async () => {
  site.route("/frames", html(`<p>Frames</p><script>for (let i = 0; i < 1000; i++) { const f = document.createElement("iframe"); f.src = "/frame/" + i; document.body.appendChild(f); }</script>`));
  // Every frame answers (an exact route each): 404s would fill the 50 listed failures before the refusals are listed.
  for (let i = 0; i < 1000; i++) site.route(`/frame/${i}`, html("<p>frame</p>"));
  const before = seen("/frame/");
  // The production deadline (20 s), not the suite's 10 s: on a loaded machine 1,000 iframes take a while to ask for 150 documents.
  const result = await render("/frames", { limits: { ...limits, timeoutMs: 20_000 } });
  expect(seen("/frame/") - before).toBeLessThanOrEqual(149);
  expect(result.requestCount).toBeGreaterThan(150);
  expect(result.failedRequests.some((f) => /over the limit of 150 requests/.test(f.reason))).toBe(true);
  expect((await render("/ok")).ok).toBe(true);
});

test("window.open in a loop opens nothing; the page still renders", async () => {
  site.route("/popups", html(`<p>Popups</p><script>for (let i = 0; i < 500; i++) window.open("/popup/" + i); document.body.insertAdjacentHTML("beforeend", "<p>after</p>");</script><a id="a" href="/popup/click" target="_blank">x</a><script>document.getElementById("a").click()</script>`));
  const result = await render("/popups");
  expect(result.ok, result.failureReason ?? "").toBe(true);
  expect(result.html).toContain("after");
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen("/popup/")).toBeLessThanOrEqual(1);
});

test("a byte cap: a page pulling more than the limit gets the rest refused", async () => {
  site.route("/big.bin", { headers: { "content-type": "application/octet-stream" }, body: Buffer.alloc(600 * 1024, 1) });
  site.route("/bytes", html(`<p>Bytes</p><script>for (let i = 0; i < 5; i++) fetch("/big.bin?" + i).catch(() => {});</script>`));
  const result = await render("/bytes", { limits: { ...limits, maxBytes: 1024 * 1024 } });
  expect(result.ok).toBe(true);
  expect(result.bytes).toBeLessThanOrEqual(1024 * 1024);
  expect(result.failedRequests.some((f) => /big\.bin/.test(f.url))).toBe(true);
});

test("raw vs rendered: a JavaScript noindex, a client-rendered page, a changed canonical and a script robots.txt forbids Googlebot", async () => {
  site.route("/spa", html(`<div id="root"></div>
    <script src="/private/tracker.js"></script>
    <script>
      const m = document.createElement("meta"); m.name = "robots"; m.content = "noindex"; document.head.appendChild(m);
      document.querySelector('link[rel=canonical]').href = "${ORIGIN}/elsewhere";
      fetch("/api/product").then((r) => r.json()).then((p) => {
        document.title = p.name;
        document.getElementById("root").innerHTML = "<h1>" + p.name + "</h1><p>" + p.text + "</p><a href='/shoes/2'>next</a>";
        console.error("late error");
      });
    </script>`, `<title>Loading</title><link rel="canonical" href="${ORIGIN}/spa">`));
  site.route("/api/product", { headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Blue shoes", text: "Comfortable blue shoes. ".repeat(30) }) });
  site.route("/private/tracker.js", { headers: { "content-type": "text/javascript" }, body: "1" });
  const before = seen("/private/");
  const outcome = await renderAndCompare(`${ORIGIN}/spa`, { pool, fetcher, robots: createRobotsCache({ fetcher }) });
  expect(outcome.status, outcome.failureReason ?? "").toBe("rendered");
  expect(outcome.raw).toMatchObject({ title: "Loading", noindex: false, h1: null, canonical: `${ORIGIN}/spa` });
  expect(outcome.rendered).toMatchObject({ title: "Blue shoes", noindex: true, h1: "Blue shoes", canonical: `${ORIGIN}/elsewhere`, internalLinks: 1 });
  expect(outcome.differences.map((d) => d.kind)).toEqual(["noindex", "canonical", "text", "title", "h1", "internal_links"]);
  expect(outcome.textRatio).toBeLessThan(0.2);
  expect(outcome.robotsBlockedResources).toEqual([{ url: `${ORIGIN}/private/tracker.js`, resourceType: "script" }]);
  expect(seen("/private/") - before).toBe(0);
  expect(outcome.consoleErrors).toContain("late error");
  expect(outcome.screenshot?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(outcome.screenshot!.length).toBeLessThan(100 * 1024);
});

test("the pool runs at most its size at once and every render gets a fresh context", async () => {
  site.route("/slowish", html(`<p>Slow</p><script>document.cookie = "seen=1"; fetch("/delay").catch(() => {});</script><p id="c"></p><script>document.getElementById("c").textContent = "cookie:" + document.cookie</script>`));
  site.route("/delay", { delayMs: 400, body: "ok" });
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, pool.load().inUse)), 10);
  const results = await Promise.all(Array.from({ length: 5 }, () => render("/slowish")));
  clearInterval(watch);
  expect(results.map((r) => r.failureReason)).toEqual([null, null, null, null, null]);
  expect(peak).toBe(2);
  // A cookie set by one render is never seen by the next: each starts with an empty context.
  for (const r of results) expect(r.html).toContain("cookie:seen=1<");
  expect(pool.load()).toEqual({ inUse: 0, waiting: 0 });
});

test("while this process's audits run, the pool admits one render at a time, and waiting is not counted in a render's time", async () => {
  site.route("/two-seconds", html(`<p>Slow</p><script>fetch("/delay-2s").catch(() => {});</script>`));
  site.route("/delay-2s", { delayMs: 2_000, body: "ok" });
  let auditsDone!: () => void;
  const audit = trackAudit(() => new Promise<void>((resolve) => (auditsDone = resolve)));
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, pool.load().inUse)), 10);
  // Four renders of 2 s and more, one at a time: the last is admitted after 6 s and more, beyond a budget of 8 s
  // counted from the request; counted from its admission, it has its 8 s. Each render's time is its own: one after
  // the other, they add up to about the whole (counted from the request, they would add up to 2.5 times it).
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: 4 }, () => render("/two-seconds", { limits: { ...limits, timeoutMs: 8_000 } })));
  const elapsed = performance.now() - started;
  clearInterval(watch);
  auditsDone();
  await audit;
  expect(results.map((r) => r.failureReason)).toEqual([null, null, null, null]);
  expect(peak).toBe(1);
  expect(elapsed).toBeGreaterThan(8_000);
  expect(results.reduce((sum, r) => sum + r.durationMs, 0)).toBeLessThan(elapsed * 1.5);
});

test("the demo's render fixtures: a script's noindex is rendered_noindex, the client-rendered journal is js_only_content", async () => {
  const { answer, RENDER_FIXTURE_PATHS, RENDER_FIXTURES } = await import("../scripts/demo-world");
  const { renderIssues } = await import("@/lib/rendering/compare");
  for (const path of RENDER_FIXTURE_PATHS) site.route(path, (_req, res) => {
    const a = answer(path);
    res.writeHead(a.status, a.headers).end(a.body);
  });
  const robots = createRobotsCache({ fetcher });
  const deal = await renderAndCompare(`${ORIGIN}${RENDER_FIXTURES.injectedNoindex}`, { pool, fetcher, robots });
  expect(deal.status, deal.failureReason ?? "").toBe("rendered");
  expect(deal.differences.map((d) => d.kind)).toEqual(["noindex"]);
  expect([...renderIssues({ status: deal.status, raw: deal.raw, rendered: deal.rendered, robotsBlockedResources: deal.robotsBlockedResources })]).toEqual(["rendered_noindex"]);
  const journal = await renderAndCompare(`${ORIGIN}${RENDER_FIXTURES.clientRendered}`, { pool, fetcher, robots });
  expect(journal.status, journal.failureReason ?? "").toBe("rendered");
  expect(journal.rendered).toMatchObject({ h1: "Trail journal: twelve days on the ridge" });
  expect(journal.textRatio).toBeLessThan(0.2);
  expect([...renderIssues({ status: journal.status, raw: journal.raw, rendered: journal.rendered, robotsBlockedResources: journal.robotsBlockedResources })]).toEqual(["js_only_content"]);
});

// One render in headless Chromium, safe by construction: every request the page makes (document, scripts, XHR,
// images, iframes, popups' documents, redirects) is answered by our route, which fetches it with the safe fetcher
// (lib/net: SSRF guard at connect time, CONNECT_TO, DNS_SERVERS, the test CA), so Chromium never connects anywhere
// itself. WebSockets are refused, service workers blocked, downloads refused, no permission granted, dialogs
// dismissed, popups closed; a cap on requests, bytes and time per page (config.ts).
import type { BrowserContext, CDPSession, Page, Route } from "playwright-core";
import type * as playwright from "playwright-core";
import { setMaxListeners } from "node:events";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import type { BrowserPool } from "./browser";
import { renderLimits, SCREENSHOT, type RenderLimits } from "./config";

export interface RequestProblem {
  url: string;
  resourceType: string;
  /** In words: the safe fetcher's refusal, a limit, an HTTP error status. */
  reason: string;
}

export interface PrefetchedDocument {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type RenderFailureKind = "timeout" | "crashed" | "limits" | "document" | "error";

export interface PageRender {
  ok: boolean;
  failureKind: RenderFailureKind | null;
  failureReason: string | null;
  /** The rendered DOM, serialized; null when the render failed. */
  html: string | null;
  /** The page's URL once rendered (after client-side navigations). */
  finalUrl: string;
  consoleErrors: string[];
  failedRequests: RequestProblem[];
  /** Requests robots.txt forbids Googlebot: refused, as Google's renderer would not fetch them. */
  robotsBlocked: { url: string; resourceType: string }[];
  requestCount: number;
  bytes: number;
  durationMs: number;
  screenshot: Buffer | null;
}

export interface RenderPageOptions {
  pool: BrowserPool;
  fetcher: SafeFetcher;
  limits?: RenderLimits;
  /** False when robots.txt forbids Googlebot the URL; such requests are refused and listed. */
  allowedForGooglebot?: (url: string) => Promise<boolean>;
  /** The document as already fetched for the raw side: served to Chromium without fetching it again. */
  document?: PrefetchedDocument;
  screenshot?: boolean;
  userAgent?: string;
}

const MAX_LISTED = 50;
const FORWARDED_REQUEST_HEADERS = ["accept", "accept-language", "content-type", "cookie", "referer", "origin", "x-requested-with"];
const DROPPED_RESPONSE_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive", "alt-svc", "strict-transport-security"]);

// Defence in depth inside the page: no popups, no WebRTC (its UDP never passes our route).
const INIT_SCRIPT = `(() => {
  try { window.open = () => null; } catch {}
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel"]) { try { delete window[name]; window[name] = undefined; } catch {} }
})();`;

// Images, fonts and media are not downloaded unless RENDER_FETCH_MEDIA=1 (config.ts): the page gets these instead.
const TRANSPARENT_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PLACEHOLDERS: Record<string, { status: number; headers: Record<string, string>; body: Buffer }> = {
  image: { status: 200, headers: { "content-type": "image/gif", "cache-control": "no-store" }, body: TRANSPARENT_GIF },
  font: { status: 200, headers: { "content-type": "font/woff2", "cache-control": "no-store" }, body: Buffer.alloc(0) },
  media: { status: 200, headers: { "content-type": "video/mp4", "cache-control": "no-store" }, body: Buffer.alloc(0) },
};

class RenderAbort extends Error {
  constructor(readonly kind: RenderFailureKind, message: string) {
    super(message);
  }
}

/** Renders `url` and answers what happened; never rejects. */
export async function renderPage(url: string, options: RenderPageOptions): Promise<PageRender> {
  const render = startRender(options);
  const outcome = await options.pool
    .withPage(async (context, page) => {
      render.clock.start();
      await guardContext(context, page, (route) => answer(render, route), render.state);
      return drive(page, url, options, render.limits, render.state, render.clock.remaining, render.aborts);
    })
    .catch((error: unknown): Drive => ({ ok: false, kind: "error", reason: error instanceof RenderAbort ? error.message : "the renderer failed", html: null, finalUrl: url, screenshot: null }));
  render.state.done = true;
  render.aborts.abort();
  return collectRender(render, outcome);
}

type Drive = { ok: true; html: string; finalUrl: string; screenshot: Buffer | null } | { ok: false; kind: RenderFailureKind; reason: string; html: null; finalUrl: string; screenshot: null };

/** What one render counts and lists while the page loads. */
interface RenderState {
  requestCount: number;
  bytes: number;
  inFlight: number;
  lastActivity: number;
  /** Set once the render is over: a late request is aborted, not fetched. */
  done: boolean;
  consoleErrors: string[];
  failed: RequestProblem[];
  robotsBlocked: { url: string; resourceType: string }[];
  /** The first limit the page ran into, in words. */
  limitHit: string | null;
}

/** One render in progress: its options, limits, counters, clock, the documents to serve without fetching. */
interface Render {
  options: RenderPageOptions;
  limits: RenderLimits;
  state: RenderState;
  clock: { started: number; start: () => void; remaining: () => number };
  /** Aborted when the page is read (or the render ends): every transfer still running stops. */
  aborts: AbortController;
  /** Documents already fetched, by URL, answered once without fetching them again. */
  served: Map<string, PrefetchedDocument>;
}

function startRender(options: RenderPageOptions): Render {
  const limits = options.limits ?? renderLimits();
  // The clock starts when a slot of the pool is ours (start()): waiting for one does not eat the page's time.
  let deadline = performance.now() + limits.timeoutMs;
  const clock = {
    started: performance.now(),
    start() {
      clock.started = performance.now();
      deadline = clock.started + limits.timeoutMs;
    },
    remaining: () => Math.max(0, Math.round(deadline - performance.now())),
  };
  const aborts = new AbortController();
  setMaxListeners(0, aborts.signal); // one listener per request in flight
  const served = new Map<string, PrefetchedDocument>();
  if (options.document) served.set(options.document.url, options.document);
  const state: RenderState = { requestCount: 0, bytes: 0, inFlight: 0, lastActivity: performance.now(), done: false, consoleErrors: [], failed: [], robotsBlocked: [], limitHit: null };
  return { options, limits, state, clock, aborts, served };
}

function listFailure(state: RenderState, request: playwright.Request, reason: string) {
  if (state.failed.length < MAX_LISTED) state.failed.push({ url: request.url().slice(0, 2000), resourceType: request.resourceType(), reason });
}

/** The route every request of the page passes: refused, served from what was prefetched, or fetched safely. */
async function answer(render: Render, route: Route) {
  const { state, options, served } = render;
  const request = route.request();
  if (state.done) return route.abort("aborted").catch(() => {});
  state.requestCount++;
  state.inFlight++;
  state.lastActivity = performance.now();
  try {
    const refusal = refusalOf(render, request);
    if (refusal) {
      listFailure(state, request, refusal);
      return await route.abort("blockedbyclient");
    }
    const target = request.url();
    const ready = served.get(target);
    if (ready) {
      served.delete(target);
      state.bytes += ready.body.length;
      return await route.fulfill({ status: ready.status, headers: responseHeaders(ready.headers), body: ready.body });
    }
    if (options.allowedForGooglebot && !(await options.allowedForGooglebot(target))) {
      if (state.robotsBlocked.length < MAX_LISTED) state.robotsBlocked.push({ url: target.slice(0, 2000), resourceType: request.resourceType() });
      return await route.abort("blockedbyclient");
    }
    if (!render.limits.fetchMedia && PLACEHOLDERS[request.resourceType()]) return await route.fulfill(PLACEHOLDERS[request.resourceType()]);
    return await fetchAndFulfill(render, route);
  } catch {
    // The page or context closed while we answered: nothing to do.
    await route.abort("failed").catch(() => {});
  } finally {
    state.inFlight--;
    state.lastActivity = performance.now();
  }
}

/** Why a request is refused before anything is fetched (too many requests, not http(s), an odd method); null when it is not. */
function refusalOf({ state, limits }: Render, request: playwright.Request): string | null {
  if (state.requestCount > limits.maxRequests) {
    state.limitHit ??= `more than ${limits.maxRequests} requests`;
    return `refused: over the limit of ${limits.maxRequests} requests per page`;
  }
  if (!/^https?:/i.test(request.url())) return "refused: only http and https are fetched";
  const method = request.method();
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return `refused: method ${method}`;
  return null;
}

/** Fetches the request with the safe fetcher within what is left of the page's byte budget and time, and hands the answer to Chromium. */
async function fetchAndFulfill(render: Render, route: Route) {
  const { state, limits, options, served, clock, aborts } = render;
  const request = route.request();
  const target = request.url();
  const method = request.method();
  const overBytes = () => {
    state.limitHit ??= `more than ${limits.maxBytes} bytes`;
    listFailure(state, request, `refused: over the limit of ${Math.round(limits.maxBytes / 1024 / 1024)} MB per page`);
    return route.abort("blockedbyclient");
  };
  const headers: Record<string, string> = {};
  const all = await request.allHeaders();
  for (const name of FORWARDED_REQUEST_HEADERS) if (all[name]) headers[name] = all[name];
  const budget = limits.maxBytes - state.bytes;
  if (budget <= 0) return await overBytes();
  const result = await options.fetcher.stream(target, {
    method: method as "GET" | "HEAD" | "POST",
    headers,
    ...(method === "POST" ? { body: request.postDataBuffer() ?? "" } : {}),
    userAgent: options.userAgent,
    maxBodyBytes: budget,
    maxDecodedBytes: budget,
    totalTimeoutMs: Math.max(1, clock.remaining()),
    signal: aborts.signal,
  });
  if (!result.ok) {
    if (result.error.kind === "too_large") state.limitHit ??= `more than ${limits.maxBytes} bytes`;
    listFailure(state, request, result.error.message);
    return await route.abort(result.error.kind === "blocked" ? "blockedbyclient" : "failed");
  }
  // Counted as the bytes arrive, across every request of the page: past the cap, every transfer stops.
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of result.body) {
      state.bytes += (chunk as Buffer).length;
      received += (chunk as Buffer).length;
      if (state.bytes > limits.maxBytes) {
        result.body.destroy();
        state.bytes -= received; // never handed to the page
        return await overBytes();
      }
      chunks.push(chunk as Buffer);
    }
  } catch {
    listFailure(state, request, "the answer could not be read");
    return await route.abort("failed");
  }
  const body = Buffer.concat(chunks);
  if (result.status >= 400) listFailure(state, request, `HTTP ${result.status}`);
  if (result.hops.length > 0 && request.isNavigationRequest()) {
    // A navigation that redirected: Chromium follows our 302 to the final URL, answered from what we fetched.
    served.set(result.finalUrl, { url: result.finalUrl, status: result.status, headers: result.headers, body });
    return await route.fulfill({ status: 302, headers: { location: result.finalUrl } });
  }
  return await route.fulfill({ status: result.status, headers: responseHeaders(result.headers), body });
}

/** The answer of the render: what the page came to (or why it failed) with what was counted along the way. */
function collectRender({ state, clock }: Render, outcome: Drive): PageRender {
  const base = {
    consoleErrors: state.consoleErrors,
    failedRequests: state.failed,
    robotsBlocked: state.robotsBlocked,
    requestCount: state.requestCount,
    bytes: state.bytes,
    durationMs: Math.round(performance.now() - clock.started),
  };
  if (!outcome.ok) return { ...base, ok: false, failureKind: outcome.kind, failureReason: outcome.reason, html: null, finalUrl: outcome.finalUrl, screenshot: null };
  return { ...base, ok: true, failureKind: null, failureReason: null, html: outcome.html, finalUrl: outcome.finalUrl, screenshot: outcome.screenshot };
}

async function guardContext(context: BrowserContext, main: Page, answer: (route: Route) => Promise<unknown>, state: { done: boolean; failed: RequestProblem[] }) {
  await context.addInitScript(INIT_SCRIPT);
  await context.route("**/*", answer);
  await context.routeWebSocket(/.*/, (ws) => {
    if (state.failed.length < MAX_LISTED) state.failed.push({ url: ws.url().slice(0, 2000), resourceType: "websocket", reason: "refused: WebSockets are not opened in a render" });
    ws.close({ code: 1008, reason: "refused" }).catch(() => {});
  });
  // Popups: every page but the render's own is closed at once.
  context.on("page", (page) => {
    if (page !== main) page.close().catch(() => {});
  });
}

async function drive(page: Page, url: string, options: RenderPageOptions, limits: RenderLimits, state: { inFlight: number; lastActivity: number; consoleErrors: string[]; limitHit: string | null }, remaining: () => number, aborts: AbortController): Promise<Drive> {
  const failed = (kind: RenderFailureKind, reason: string): Drive => ({ ok: false, kind, reason, html: null, finalUrl: page.url() || url, screenshot: null });
  page.on("dialog", (dialog) => void dialog.dismiss().catch(() => {}));
  page.on("console", (message) => {
    if (message.type() === "error" && state.consoleErrors.length < 20) state.consoleErrors.push(message.text().slice(0, 500));
  });
  page.on("pageerror", (error) => {
    if (state.consoleErrors.length < 20) state.consoleErrors.push(`Uncaught ${error.name}: ${error.message}`.slice(0, 500));
  });
  let crashed!: () => void;
  const crash = new Promise<"crash">((resolve) => (crashed = () => resolve("crash")));
  page.on("crash", () => crashed());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), remaining())));
  const race = <T>(work: Promise<T>) => Promise.race([work, crash, timeout]);
  let devtools: CDPSession | null | "crash" | "timeout" = null;

  try {
    const navigation = await race(
      page.goto(url, { waitUntil: "load", timeout: remaining() }).then(
        (response) => ({ response }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      ),
    );
    if (navigation === "crash") return failed("crashed", "The page crashed (it may have run out of memory)");
    if (navigation === "timeout") return failed("timeout", `The page did not finish loading within ${limits.timeoutMs / 1000} s`);
    if ("error" in navigation) {
      if (/timeout/i.test(navigation.error)) return failed("timeout", `The page did not finish loading within ${limits.timeoutMs / 1000} s`);
      return failed("document", "The page's document could not be loaded");
    }
    if (!navigation.response) return failed("document", "The page's document could not be loaded");

    const settled = await race(settle(state, limits, remaining));
    if (settled === "crash") return failed("crashed", "The page crashed (it may have run out of memory)");
    // Quiet or not, what the page shows at the deadline is what is read; a page whose main thread never
    // frees itself cannot even be read (below).
    aborts.abort();
    devtools = await race(page.context().newCDPSession(page).catch(() => null));
    if (devtools === "crash") return failed("crashed", "The page crashed (it may have run out of memory)");
    if (devtools === "timeout") return failed("timeout", `The page's scripts did not let it be read within ${limits.timeoutMs / 1000} s (a script may loop forever)`);
    const html = await race(contentOf(page, devtools));
    if (html === "crash") return failed("crashed", "The page crashed (it may have run out of memory)");
    if (html === "timeout") return failed("timeout", `The page's scripts did not let it be read within ${limits.timeoutMs / 1000} s (a script may loop forever)`);
    const shot = options.screenshot !== false && remaining() > 200 ? await race(screenshotOf(devtools)) : null;
    const screenshot = shot === "crash" || shot === "timeout" ? null : shot;
    if (state.limitHit && html.length === 0) return failed("limits", `The page exceeded its limits (${state.limitHit})`);
    return { ok: true, html, finalUrl: page.url(), screenshot };
  } finally {
    clearTimeout(timer);
    if (devtools && typeof devtools === "object") void devtools.detach().catch(() => {});
  }
}

/**
 * The rendered DOM, serialized by Chromium's DevTools (DOM.getOuterHTML of the document: the same text as Playwright's
 * page.content(), without its script in the page's utility world, a sixth of the time); page.content() when the
 * DevTools session could not be opened.
 */
async function contentOf(page: Page, devtools: CDPSession | null): Promise<string> {
  if (!devtools) return page.content();
  try {
    const { root } = await devtools.send("DOM.getDocument", { depth: 0 });
    return (await devtools.send("DOM.getOuterHTML", { nodeId: root.nodeId })).outerHTML;
  } catch {
    return page.content();
  }
}

/**
 * The top of the page as a small JPEG, captured by Chromium already scaled down (SCREENSHOT.scale) in one DevTools
 * call; the quality steps down until it fits SCREENSHOT.maxBytes. Null when none fits or the capture fails.
 */
async function screenshotOf(devtools: CDPSession | null): Promise<Buffer | null> {
  if (!devtools) return null;
  for (const quality of SCREENSHOT.qualities) {
    const shot = await devtools.send("Page.captureScreenshot", {
      format: "jpeg", quality, optimizeForSpeed: true, captureBeyondViewport: false,
      clip: { x: 0, y: 0, width: SCREENSHOT.width, height: SCREENSHOT.height, scale: SCREENSHOT.scale },
    }).catch(() => null);
    if (!shot) return null;
    const bytes = Buffer.from(shot.data, "base64");
    if (bytes.length <= SCREENSHOT.maxBytes) return bytes;
  }
  return null;
}

/** Settle: waits until no request has been in flight for `quietMs` (or the deadline). */
async function settle(state: { inFlight: number; lastActivity: number }, limits: RenderLimits, remaining: () => number): Promise<"quiet"> {
  while (remaining() > 0) {
    if (state.inFlight === 0 && performance.now() - state.lastActivity >= limits.quietMs) return "quiet";
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return "quiet";
}

function responseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!DROPPED_RESPONSE_HEADERS.has(name)) out[name] = value;
  return out;
}

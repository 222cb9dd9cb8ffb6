// The renderer's browsers: a local headless Chromium found on this machine, or a remote Playwright browser
// server (RENDERER_WS_ENDPOINT, `npx playwright run-server` elsewhere), behind a pool of RENDERER_POOL_SIZE
// slots. Every render gets a fresh browser context and page (one pair prepared ahead), closed afterwards. Without a browser the pool says so
// (`available: false`) and rendering answers RENDERER_UNAVAILABLE; nothing else depends on it.
import fs from "node:fs";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { admissionConfig, createRenderSlots } from "./admission";
import { poolSize, renderLimits, renderNice } from "./config";
import { lowerBrowserPriority } from "./priority";

export type RendererMode = "local" | "remote";
export type BrowserSource = "CHROMIUM_PATH" | "playwright" | "debian-headless-shell" | "debian";

export interface RendererState {
  available: boolean;
  mode: RendererMode | null;
  poolSize: number;
  /** Where the local browser was found; null for a remote one or none. */
  source: BrowserSource | null;
  /** Why rendering is unavailable, in words; null when available. */
  reason: string | null;
}

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's old headless shell (`apt-get install chromium-headless-shell`, the same Chromium without the browser's UI
 * layers, what Playwright itself runs headless): bench/render measured it at a fifth of the full browser's CPU per
 * render and half its memory, so it is preferred to /usr/bin/chromium. The binary, not /usr/bin's shell wrapper.
 */
export const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

const isExecutable = (path: string): boolean => {
  try {
    fs.accessSync(path, fs.constants.X_OK);
    return fs.statSync(path).isFile();
  } catch {
    return false;
  }
};

type PlaywrightCore = typeof import("playwright-core");
let playwrightModule: Promise<PlaywrightCore | null> | undefined;
/** playwright-core, or null where it is not installed (a production install without it still runs). */
function loadPlaywright(): Promise<PlaywrightCore | null> {
  playwrightModule ??= import("playwright-core").then((m) => (m as { default?: PlaywrightCore }).default ?? m).catch(() => null);
  return playwrightModule;
}

/**
 * The local browser: `CHROMIUM_PATH`, then Playwright's own download, then Debian's headless shell, then Debian's
 * /usr/bin/chromium; the first that is an executable file. `playwrightPath` is Playwright's idea of its own browser (may not exist).
 */
export function findLocalBrowser(env: NodeJS.ProcessEnv = process.env, playwrightPath?: string | null): { path: string; source: BrowserSource } | null {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured && isExecutable(configured)) return { path: configured, source: "CHROMIUM_PATH" };
  if (playwrightPath && isExecutable(playwrightPath)) return { path: playwrightPath, source: "playwright" };
  if (isExecutable(DEBIAN_HEADLESS_SHELL)) return { path: DEBIAN_HEADLESS_SHELL, source: "debian-headless-shell" };
  if (isExecutable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: "debian" };
  return null;
}

/**
 * Chromium's own flags. Besides the usual headless ones, defence in depth: every request of a page is answered
 * by our route (render-page.ts) through the safe fetcher, so Chromium itself should never open a connection;
 * should anything bypass the route, its proxy is an unroutable address (TEST-NET-1), loopback is not exempt
 * from the proxy, host names resolve to nothing, and WebRTC may not send UDP outside the proxy.
 */
export function chromiumArgs(jsHeapMb = renderLimits().jsHeapMb, shared: { processes: number } | null = null): string[] {
  return [
    ...processArgs(shared),
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-default-apps",
    "--no-first-run",
    "--mute-audio",
    "--proxy-server=http://192.0.2.1:9",
    "--proxy-bypass-list=<-loopback>",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    `--js-flags=--max-old-space-size=${jsHeapMb}`,
  ];
}

/**
 * Fewer Chromium processes. Always: the GPU thread inside the browser process (no GPU is used): one process less.
 * (`--no-zygote` as well saved one more, but together the two slowed a page creating 1,000 iframes so much that the
 * request cap was no longer reached within the e2e suite's deadline: left out.) Opt-in, RENDERER_SHARED_PROCESSES=1: at most `processes` renderer processes shared by every render's
 * context, site isolation off, so two customers' pages may share a process. The trade-off (docs/rendering.md): a page
 * that broke out of V8 could read another page rendered in the same process, and a page that crashes its process
 * (a memory hog) fails the other render too; measured, it saved no CPU and little memory at a pool of 2.
 */
export function processArgs(shared: { processes: number } | null): string[] {
  const always = ["--in-process-gpu"];
  return shared ? [...always, `--renderer-process-limit=${shared.processes}`, "--disable-site-isolation-trials"] : always;
}

/** What the pool does for each render's context: the options and safety settings every context gets. */
export const CONTEXT_OPTIONS: BrowserContextOptions = {
  serviceWorkers: "block",
  acceptDownloads: false,
  permissions: [],
  javaScriptEnabled: true,
  bypassCSP: false,
  ignoreHTTPSErrors: false,
  viewport: { width: 800, height: 1000 },
  deviceScaleFactor: 1,
  locale: "en-US",
};

export interface BrowserPool {
  state(): Promise<RendererState>;
  /**
   * Runs `fn` once a slot is free, in a fresh context with its first page (not navigated yet); the context is closed
   * afterwards, whatever happens. Contexts are never reused: the one prepared ahead (see spareKeeper) has served no page.
   */
  withPage<T>(fn: (context: BrowserContext, page: Page) => Promise<T>): Promise<T>;
  /** Slots in use and renders waiting (for the bench and the status); waiting includes renders held back by admission. */
  load(): { inUse: number; waiting: number };
  close(): Promise<void>;
}

export class RendererUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RendererUnavailableError";
  }
}

export interface BrowserPoolOptions {
  env?: NodeJS.ProcessEnv;
  size?: number;
}

export function createBrowserPool(options: BrowserPoolOptions = {}): BrowserPool {
  const env = options.env ?? process.env;
  const size = options.size ?? poolSize(env);
  const wsEndpoint = env.RENDERER_WS_ENDPOINT?.trim() || null;
  let browser: Promise<Browser> | null = null;
  // The pool's size, or fewer at once while this process's audits run (admission.ts).
  const slots = createRenderSlots(admissionConfig(size, env));
  let closed = false;
  // Renderer processes of pages opened since launch get the browser's lower CPU priority too (local browsers only).
  const spares = spareKeeper(() => {
    if (!wsEndpoint) lowerBrowserPriority(renderNice(env));
  });

  async function describe(): Promise<RendererState> {
    const base = { poolSize: size };
    if (env.RENDERER_DISABLED === "1") return { ...base, available: false, mode: null, source: null, reason: "Rendering is turned off on this server (RENDERER_DISABLED)" };
    if (wsEndpoint) return { ...base, available: true, mode: "remote", source: null, reason: null };
    const pw = await loadPlaywright();
    if (!pw) return { ...base, available: false, mode: null, source: null, reason: "Playwright is not installed" };
    const found = findLocalBrowser(env, safeExecutablePath(pw));
    if (!found) return { ...base, available: false, mode: null, source: null, reason: "No Chromium found (CHROMIUM_PATH, Playwright's browser or /usr/bin/chromium)" };
    return { ...base, available: true, mode: "local", source: found.source, reason: null };
  }

  async function launch(): Promise<Browser> {
    if (env.RENDERER_DISABLED === "1") throw new RendererUnavailableError("Rendering is turned off on this server (RENDERER_DISABLED)");
    const pw = await loadPlaywright();
    if (!pw) throw new RendererUnavailableError("Playwright is not installed");
    if (wsEndpoint) {
      // A remote browser server: its machine runs Chromium, our route still answers every request from here.
      return pw.chromium.connect(wsEndpoint, { timeout: 15_000 });
    }
    const found = findLocalBrowser(env, safeExecutablePath(pw));
    if (!found) throw new RendererUnavailableError("No Chromium found (CHROMIUM_PATH, Playwright's browser or /usr/bin/chromium)");
    const extra = env.RENDERER_EXTRA_ARGS?.split(/\s+/).filter(Boolean) ?? [];
    const shared = env.RENDERER_SHARED_PROCESSES === "1" ? { processes: size } : null;
    const launched = await pw.chromium.launch({ executablePath: found.path, headless: true, args: [...chromiumArgs(renderLimits(env).jsHeapMb, shared), ...extra], timeout: 30_000 });
    lowerBrowserPriority(renderNice(env));
    return launched;
  }

  function getBrowser(): Promise<Browser> {
    if (!browser) {
      const launching = launch();
      browser = launching;
      launching.then(
        (b) => b.on("disconnected", () => {
          if (browser === launching) browser = null;
        }),
        () => {
          if (browser === launching) browser = null;
        },
      );
    }
    return browser;
  }

  /** Closes a context; one that does not close in 10 s (a renderer stuck in a loop) takes its browser down with it. */
  async function closeContext(b: Browser, context: BrowserContext) {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), 10_000)));
    const outcome = await Promise.race([context.close().then(() => "closed" as const, () => "failed" as const), timedOut]);
    clearTimeout(timer);
    if (outcome !== "closed" && b.isConnected()) {
      browser = null;
      await b.close().catch(() => {});
    }
  }

  return {
    state: describe,
    load: () => slots.load(),
    async withPage(fn) {
      if (closed) throw new RendererUnavailableError("The renderer is shut down");
      await slots.acquire();
      try {
        const b = await getBrowser();
        const { context, page } = await spares.take(b);
        try {
          return await fn(context, page);
        } finally {
          await closeContext(b, context);
        }
      } finally {
        slots.release();
      }
    },
    async close() {
      closed = true;
      slots.close();
      spares.discard();
      const b = browser;
      browser = null;
      if (b) await b.then((x) => x.close(), () => {});
    },
  };
}

interface FreshPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

async function openPage(b: Browser): Promise<FreshPage> {
  const context = await b.newContext(CONTEXT_OPTIONS);
  try {
    return { browser: b, context, page: await context.newPage() };
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
}

/**
 * Keeps one fresh context and page ready on the current browser: creating them (a new renderer process, Playwright's
 * set-up of the page) took a third of a render's time in a slot, and is now done while the previous render waits for
 * its page to settle. Each is used by one render only, then closed; one prepared on a browser that has since gone is
 * dropped. `opened` runs after each page is created.
 */
function spareKeeper(opened: () => void) {
  let spare: Promise<FreshPage | null> | null = null;
  const prepare = (b: Browser) => {
    if (spare) return; // another slot's take() prepared one meanwhile
    spare = openPage(b).then((fresh) => {
      opened();
      return fresh;
    }, () => null);
  };
  return {
    async take(b: Browser): Promise<FreshPage> {
      const ready = spare;
      spare = null;
      const got = ready ? await ready : null;
      if (b.isConnected()) prepare(b);
      if (got && got.browser === b && b.isConnected() && !got.page.isClosed()) return got;
      if (got) void got.context.close().catch(() => {});
      const fresh = await openPage(b);
      opened();
      return fresh;
    },
    discard() {
      const ready = spare;
      spare = null;
      void ready?.then((fresh) => fresh?.context.close().catch(() => {}));
    },
  };
}

function safeExecutablePath(pw: PlaywrightCore): string | null {
  try {
    return pw.chromium.executablePath();
  } catch {
    return null;
  }
}

let defaultPool: { pool: BrowserPool; key: string } | undefined;
/** The process's pool, configured from the environment on first use (again should that environment change: tests). */
export function getDefaultPool(): BrowserPool {
  const key = JSON.stringify([process.env.RENDERER_DISABLED, process.env.RENDERER_WS_ENDPOINT, process.env.CHROMIUM_PATH, process.env.RENDERER_POOL_SIZE]);
  if (defaultPool?.key !== key) {
    void defaultPool?.pool.close();
    defaultPool = { pool: createBrowserPool(), key };
  }
  return defaultPool.pool;
}

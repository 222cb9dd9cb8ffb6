// Limits of one render and of the pool, from the environment (docs/rendering.md lists them).

export interface RenderLimits {
  /** Requests the page may make (the document included); beyond, each is refused and counted. */
  maxRequests: number;
  /** Bytes (decoded bodies) the page may receive in all. */
  maxBytes: number;
  /** Wall time of the whole render: navigation, waiting for quiet, reading the DOM, the screenshot. */
  timeoutMs: number;
  /** The page counts as settled after this long without a request in flight (after `load`). */
  quietMs: number;
  /** JavaScript heap of a page's renderer process, in MB (a memory hog crashes its page, not the machine). */
  jsHeapMb: number;
  /**
   * Whether images, fonts and media are downloaded (RENDER_FETCH_MEDIA=1). By default they are not: no fact of the
   * comparison needs their bytes, so each is still counted as a request of the page and checked against robots.txt,
   * then answered with a placeholder (a 1×1 image, an empty font or media file) without any fetch.
   */
  fetchMedia: boolean;
}

/** An integer setting within [min, max]; unset, blank or anything else reads as `fallback`. */
export const int = (value: string | undefined, fallback: number, min: number, max: number): number => {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function renderLimits(env: NodeJS.ProcessEnv = process.env): RenderLimits {
  return {
    maxRequests: int(env.RENDER_MAX_REQUESTS, 150, 1, 10_000),
    maxBytes: int(env.RENDER_MAX_BYTES, 15 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    timeoutMs: int(env.RENDER_TIMEOUT_MS, 20_000, 1_000, 120_000),
    quietMs: int(env.RENDER_QUIET_MS, 300, 0, 10_000),
    jsHeapMb: int(env.RENDER_JS_HEAP_MB, 256, 32, 4096),
    fetchMedia: env.RENDER_FETCH_MEDIA === "1",
  };
}

/**
 * The CPU priority (nice, 0-19) of the local browser's processes: renders yield the CPU to the audits and the app
 * beside them (lib/rendering/priority.ts); 0 leaves them at the app's own priority.
 */
export function renderNice(env: NodeJS.ProcessEnv = process.env): number {
  return int(env.RENDER_NICE, 10, 0, 19);
}

export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  return int(env.RENDERER_POOL_SIZE, 2, 1, 32);
}

/**
 * Screenshot: the top of the page (`width` × `height` CSS pixels) as a JPEG scaled by `scale` (400 × 500 pixels: the
 * width the URL detail's panel shows it at); the quality steps down until it fits `maxBytes`.
 */
export const SCREENSHOT = { width: 800, height: 1000, scale: 0.5, qualities: [60, 45, 30], maxBytes: 100 * 1024 } as const;

// Read at call time so tests (and operators) can point it at another server.
const DEFAULT_BASE = "https://ssl.bing.com/webmaster/api.svc/json/";

/** `{ENGINEB_API_BASE_URL}/{method}`; the base gets its trailing "/" when configured without one. */
export function methodUrl(method: string): URL {
  const base = process.env.ENGINEB_API_BASE_URL?.trim() || DEFAULT_BASE;
  return new URL(method, base.endsWith("/") ? base : `${base}/`);
}

// Where sign-in sends the user back to. Only paths of this site are accepted, so the sign-in page
// cannot be used as an open redirect (`//host`, `/\host` and `https://…` fall back to /projects).

export const DEFAULT_CALLBACK = "/projects";

/** Set by proxy.ts on protected pages: the path and query being requested, for the sign-in redirect. */
export const REQUEST_PATH_HEADER = "x-iw-request-path";

const BASE = "http://callback.invalid";
const AUTH_PAGES = /^\/(sign-in|check-email)(\/|$)/;

/** The value as a same-origin path (with query and hash), or DEFAULT_CALLBACK. */
export function safeCallbackPath(value: string | null | undefined): string {
  // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.com" would leave the site.
  if (!value || !value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_CALLBACK;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_CALLBACK;
  }
  if (url.origin !== BASE || AUTH_PAGES.test(url.pathname)) return DEFAULT_CALLBACK;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, coming back to `path` afterwards (when it is a same-origin path other than the default). */
export function signInPath(path: string | null | undefined): string {
  const back = safeCallbackPath(path);
  return back === DEFAULT_CALLBACK ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(back)}`;
}

/** Why a fetch failed, as a stable code (types.ts). */
export type SafeFetchErrorKind =
  | "timeout"
  | "blocked"
  | "dns"
  | "tls"
  | "too_large"
  | "decompression_bomb"
  | "too_many_redirects"
  | "redirect_loop"
  | "invalid_url"
  | "connection"
  | "http_protocol";

// Why a fetch of a customer's site failed, in words a site owner acts on (never the library's message, which
// names certificates, sockets and mapped addresses). One sentence per kind; callers add what was fetched.
const WORDS: Record<SafeFetchErrorKind, string> = {
  dns: "the domain name could not be found in DNS",
  tls: "the site's HTTPS certificate is not valid (expired, self-signed or issued for another name), so no secure connection could be made",
  timeout: "the site did not answer in time",
  connection: "the site could not be reached: the connection was refused or dropped",
  blocked: "the address points to a private or reserved network, which is never fetched",
  too_many_redirects: "it redirects too many times",
  redirect_loop: "it redirects in a loop",
  invalid_url: "a redirect leads to an invalid address",
  http_protocol: "the site's answer was not valid HTTP",
  too_large: "the file is larger than the limit",
  decompression_bomb: "the file expands to an unreasonable size when decompressed",
};

export function fetchFailureInWords(kind: SafeFetchErrorKind): string {
  return WORDS[kind];
}

/** An HTTP status that is not a success, in words: "the server answered HTTP 503 (a server error)". */
export function httpStatusInWords(status: number): string {
  const what = status === 404 || status === 410 ? "not found"
    : status === 401 || status === 403 ? "access denied"
      : status === 429 ? "too many requests"
        : status >= 500 ? "a server error"
          : status >= 300 && status < 400 ? "a redirect that never ended"
            : "not a success";
  return `the server answered HTTP ${status} (${what})`;
}

/** "Sentence case." for a phrase of this module. */
export const sentence = (phrase: string) => `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`;

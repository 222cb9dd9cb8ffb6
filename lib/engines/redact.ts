// Upstream text and URLs pass through here before they reach a message or a log line.

const SECRET_QUERY_PARAMS = /([?&](?:apikey|api_key|key|access_token|refresh_token|client_secret|code)=)[^&#]*/gi;

/** A URL with every credential-bearing query parameter replaced by "REDACTED". */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, "$1REDACTED");
}

/** `text` with each secret (and its URL-encoded form) replaced, cut to `max` characters. */
export function scrub(text: string, secrets: readonly (string | undefined | null)[], max = 300): string {
  let out = redactUrl(text);
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    for (const form of new Set([s, encodeURIComponent(s)])) out = out.split(form).join("[secret]");
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

export type TestUrlFailure = "invalid_url" | "unsupported_scheme" | "credentials_in_url" | "off_host" | "non_default_port";
export type ResolvedTestUrl = { ok: true; url: string } | { ok: false; code: TestUrlFailure; message: string };

const MESSAGES: Record<TestUrlFailure, (domain: string) => string> = {
  invalid_url: () => "Not an absolute http(s) URL or a path starting with \"/\"",
  unsupported_scheme: () => "Only http and https URLs can be tested",
  credentials_in_url: () => "URLs with a user name or password are not accepted",
  off_host: (domain) => `The URL's host is not the project domain ${domain}`,
  non_default_port: () => "robots.txt is tested for the default ports (80, 443) only",
};

/**
 * A URL to test for the project: an absolute http(s) URL whose host is exactly the domain, or a path
 * starting with "/" resolved against https://{domain} (a "//host" path is then an off-host URL).
 * The fragment is dropped; path and query are kept as the WHATWG parser serializes them.
 */
export function resolveTestUrl(raw: string, domain: string): ResolvedTestUrl {
  const input = raw.trim();
  const fail = (code: TestUrlFailure): ResolvedTestUrl => ({ ok: false, code, message: MESSAGES[code](domain) });
  let u: URL;
  try {
    u = input.startsWith("/") ? new URL(input, `https://${domain}`) : new URL(input);
  } catch {
    return fail("invalid_url");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return fail("unsupported_scheme");
  if (u.username || u.password) return fail("credentials_in_url");
  if (u.hostname !== domain) return fail("off_host");
  if (u.port) return fail("non_default_port");
  u.hash = "";
  return { ok: true, url: u.href };
}

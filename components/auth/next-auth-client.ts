// Talks to next-auth's own endpoints without its React client: fetch a CSRF token, then POST the
// form with `json=true` so next-auth answers `{ url }` instead of a redirect.
type Action = "signin/email" | "signout";

export async function postAuthAction(action: Action, fields: Record<string, string>): Promise<URL> {
  const csrf = await fetch("/api/auth/csrf", { cache: "no-store" });
  if (!csrf.ok) throw new Error(`csrf: HTTP ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`/api/auth/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ ...fields, csrfToken, json: "true" }),
  });
  if (!res.ok) throw new Error(`${action}: HTTP ${res.status}`);
  const { url } = (await res.json()) as { url: string };
  return new URL(url, window.location.origin);
}

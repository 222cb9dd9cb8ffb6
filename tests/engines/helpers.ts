import { afterAll, beforeAll } from "vitest";

/** Sets environment variables for the suite (read lazily, after the fakes start) and restores them. */
export function setEnvForSuite(vars: () => Record<string, string>): void {
  const saved = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const [k, v] of Object.entries(vars())) { saved.set(k, process.env[k]); process.env[k] = v; }
  });
  afterAll(() => {
    for (const [k, v] of saved) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  });
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** Drives the fake consent page like a browser: GET the form, POST it, return the redirect target. */
export async function consent(
  authorizeUrl: string,
  choice: { account?: string; decision?: "allow" | "deny"; grantGsc?: boolean } = {},
): Promise<{ page: string; location: URL }> {
  const page = await (await fetch(authorizeUrl)).text();
  const form = new URLSearchParams();
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], unescape(m[2]));
  const action = unescape(/<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? "");
  if (choice.account) form.set("account", choice.account);
  else { const first = /<option value="([^"]*)">/.exec(page)?.[1]; if (first) form.set("account", unescape(first)); }
  if (choice.grantGsc !== false) form.set("grant_gsc", "on");
  form.set("decision", choice.decision ?? "allow");
  const res = await fetch(new URL(action, authorizeUrl), {
    method: "POST", body: form, redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return { page, location: new URL(res.headers.get("location") ?? "http://invalid/") };
}

/** A closed port on this machine: every call to it fails to connect. */
export const CLOSED = "http://127.0.0.1:9";

import type * as oidc from "openid-client";
import { getDefaultFetcher } from "@/lib/net/safe-fetch";

// The SSO verbs reach the organization's OIDC provider through openid-client, which takes a fetch answering the Fetch
// API's Response: the edge builds that Response here, on our SSRF-safe fetcher, and hands the function to the verbs
// (lib/sso/oidc-client.ts), so that no file below lib/api knows Request or Response.

const MAX_BODY = 1024 * 1024;

/** openid-client's customFetch on the safe fetcher: no redirects followed for POSTs, 10 s per call, 1 MiB at most. */
export const safeOidcFetch: oidc.CustomFetch = async (url, options) => {
  const method = (options.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "POST") throw new TypeError(`unsupported method ${method}`);
  let body: string | undefined;
  if (options.body !== undefined && options.body !== null) {
    if (typeof options.body === "string") body = options.body;
    else if (options.body instanceof URLSearchParams) body = options.body.toString();
    else throw new TypeError("unsupported request body");
  }
  const r = await getDefaultFetcher().fetch(url, {
    method: method as "GET" | "POST", headers: options.headers, ...(body !== undefined ? { body } : {}),
    totalTimeoutMs: 10_000, maxBodyBytes: MAX_BODY, maxRedirects: 0, signal: options.signal ?? undefined,
  });
  if (!r.ok) throw new TypeError(`${url}: ${r.error.kind}: ${r.error.message}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) if (k !== "content-encoding" && k !== "content-length") headers.set(k, v);
  return new Response(r.status === 204 || r.status === 304 ? null : new Uint8Array(r.body), { status: r.status, headers });
};

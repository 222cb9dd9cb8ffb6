import type { SafeFetchError } from "@/lib/net/safe-fetch";
import { CAPS, clean } from "./sanitize";

// Resolver error codes as DNS people name them (c-ares and getaddrinfo spellings).
const DNS_NAMES: Record<string, string> = {
  ENOTFOUND: "NXDOMAIN",
  ESERVFAIL: "SERVFAIL",
  EREFUSED: "REFUSED",
  ENODATA: "NODATA",
  ETIMEOUT: "TIMEOUT",
  EAI_AGAIN: "TEMPORARY_FAILURE",
  EAI_FAIL: "FAILURE",
  ECONNREFUSED: "NAMESERVER_UNREACHABLE",
};

/**
 * A short, stable text for a failed fetch: `dns: NXDOMAIN`, `tls: certificate has expired`,
 * `connection: ECONNREFUSED`, `timeout: …`, `blocked: …`. Connection errors keep only their code:
 * their message names the mapped address, which is operator configuration, not the customer's.
 */
export function describeFailure(error: SafeFetchError): string {
  // The library's text where there is one (its codes are what this names); the refusals of our own are in the message.
  const text = error.detail ?? error.message;
  const code = /\(([A-Z0-9_]+)\)\s*$/.exec(text)?.[1];
  const bare = code ? text.slice(0, text.lastIndexOf("(")).trim() : text;
  switch (error.kind) {
    case "dns":
      return `dns: ${code ? (DNS_NAMES[code] ?? code) : bare}`;
    case "tls":
      return clean(`tls: ${bare}`, CAPS.error);
    case "connection": {
      const errno = /\b(E[A-Z]{3,}|UND_ERR_[A-Z_]+)\b/.exec(text)?.[1];
      return `connection: ${errno ?? clean(bare, 200)}`;
    }
    case "redirect_loop":
      return clean(`redirect: loop at ${error.url}`, CAPS.error);
    case "too_many_redirects":
      return `redirect: more than ${error.hops.length - 1} hops`;
    case "invalid_url":
      return clean(`redirect: ${error.message}`, CAPS.error);
    case "http_protocol":
      return clean(`http: ${text}`, CAPS.error);
    case "too_large":
    case "decompression_bomb":
      return clean(`body: ${error.message}`, CAPS.error);
    default:
      return clean(`${error.kind}: ${error.message}`, CAPS.error);
  }
}

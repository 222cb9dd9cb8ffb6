// The stable user-facing `error` of ProjectVerifyResult, one per failure reason. The reason itself
// goes into the audit row's metadata; clients show the message.
export const DNS_FAILURES = {
  nxdomain: "The record name does not exist in DNS (NXDOMAIN). Add the TXT record shown at your DNS provider, then try again.",
  no_record: "No TXT record was found at the record name. Add the TXT record shown, wait for DNS to update, then try again.",
  wrong_value: "A TXT record exists at the record name, but none has the expected value. Set it to exactly the value shown, then try again.",
  servfail: "The domain's DNS servers answered with an error (SERVFAIL). Check the domain's DNS setup, then try again.",
  timeout: "The domain's DNS servers did not answer in time. Try again in a few minutes.",
  lookup_failed: "The DNS lookup failed. Try again in a few minutes.",
  token_changed: "The DNS token changed while it was being checked. Publish the new value shown, then try again.",
} as const;
export type DnsFailure = keyof typeof DNS_FAILURES;

export const KEY_FAILURES = {
  not_found: "The key file was not found (HTTP 404). Upload it at the address shown, then try again.",
  redirect: "The key file address answered with a redirect. Serve the file at exactly the address shown, without redirects.",
  html_page: "The key file address answered with an HTML page, not a plain-text file containing the key.",
  empty: "The key file is empty. It must contain only the key.",
  wrong_body: "The key file does not contain the key. It must contain only the key shown.",
  too_large: "The key file is too large. It must contain only the key.",
  http_error: "The key file address did not answer with HTTP 200.",
  blocked: "The domain points to a private or reserved network address, which is never fetched.",
  dns: "The domain could not be resolved in DNS.",
  tls: "The site's HTTPS certificate is not valid for this domain.",
  timeout: "The site did not answer in time. Try again in a few minutes.",
  unreachable: "The site could not be reached over HTTPS.",
  key_changed: "The IndexNow key changed while it was being checked. Try again.",
} as const;
export type KeyFailure = keyof typeof KEY_FAILURES;

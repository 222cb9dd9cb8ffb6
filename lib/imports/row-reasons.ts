/**
 * Why a row of a file is left out, in a sentence per reason code (`rowErrors[].reason`: lib/urls/normalize-url.ts and
 * classify-import-rows.ts). Shown by the import pages and returned in words by the removal import.
 */
export const IMPORT_ROW_REASON_LABELS: Record<string, string> = {
  empty: "The row has no URL.",
  too_long: "The URL is longer than 2,048 characters.",
  nul_byte: "The URL contains a NUL character (shown as \ufffd).",
  invalid_url: "This is not a full URL: it must start with https:// or http:// and name the host.",
  unsupported_scheme: "Only http:// and https:// URLs can be tracked.",
  missing_host: "The URL has no host name.",
  credentials_in_url: "The URL contains a user name or password; remove them and import it again.",
  off_host: "The URL is on another host: only URLs of the project's own domain are imported (www. or another subdomain is another host).",
  excluded: "You stopped tracking this URL, so imports leave it out. Add it by hand on the URLs page to track it again, or allow it back from the excluded URLs.",
};
export const importRowReasonText = (reason: string) => IMPORT_ROW_REASON_LABELS[reason] ?? "This row cannot be imported as a URL of the project.";

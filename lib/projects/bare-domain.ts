// SPEC.md BareDomain, without dependencies so the browser can check a domain as it is typed.
// Lowercase host ≤ 253, ≥ 2 labels of 1-63 chars of a-z0-9-, no leading/trailing hyphen, final label letters only (2-63).
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,63}$/;

export const BARE_DOMAIN_MESSAGE = "Enter a bare domain such as example.com (no scheme, path, port or trailing dot)";

export function isBareDomain(s: string): boolean {
  if (s.length > 253) return false;
  const labels = s.split(".");
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]);
}

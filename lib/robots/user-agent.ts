import { productToken } from "./parse";

// Tokens of browser engines and platforms that lead a browser-style user-agent string; none of
// them names a crawler, so they are skipped when looking for the crawler's own product.
const BROWSER_PRODUCTS = new Set([
  "mozilla", "applewebkit", "khtml", "gecko", "like", "chrome", "chromium", "safari", "mobile", "version", "firefox", "edg", "edge", "opr", "opera",
]);

/**
 * The product token a crawler matches robots.txt groups with, from a bare token ("Googlebot",
 * "Googlebot/2.1") or a full user-agent string: the product after "compatible;" in a comment
 * ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://…)" → "googlebot"), else the first product outside
 * comments that is not a browser engine ("facebookexternalhit/1.1 (+http://…)"), else the first product.
 * Lowercased; "*" stays "*"; "" when the value starts with no letter, "_" or "-".
 */
export function crawlerToken(userAgent: string): string {
  const value = userAgent.trim();
  if (value === "*") return "*";
  const compatible = /\(\s*compatible\s*;\s*([A-Za-z_-]+)|;\s*compatible\s*;\s*([A-Za-z_-]+)/i.exec(value);
  if (compatible) return (compatible[1] ?? compatible[2]).toLowerCase();
  const products = topLevelProducts(value).map(productToken).filter(Boolean);
  return products.find((p) => !BROWSER_PRODUCTS.has(p)) ?? products[0] ?? "";
}

/** The whitespace-separated words of a user-agent string outside parenthesized comments. */
function topLevelProducts(value: string): string[] {
  let depth = 0;
  let outside = "";
  for (const c of value) {
    if (c === "(" || c === ")") {
      depth = Math.max(0, depth + (c === "(" ? 1 : -1));
      outside += " ";
    } else if (depth === 0) outside += c;
  }
  return outside.split(/\s+/).filter(Boolean);
}

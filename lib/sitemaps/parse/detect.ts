export type SitemapFormat = "xml" | "text" | "gzip";

/**
 * Picks the parser from the first bytes of a body (before any decompression) and its
 * Content-Type. Bytes win over the header because servers often label gzip files and
 * plain-text sitemaps as XML, or XML as text/plain.
 */
export function detectSitemapFormat(firstBytes: Uint8Array, contentType?: string | null): SitemapFormat {
  if (firstBytes.length >= 2 && firstBytes[0] === 0x1f && firstBytes[1] === 0x8b) return "gzip";
  let i = firstBytes.length >= 3 && firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf ? 3 : 0;
  while (i < firstBytes.length && (firstBytes[i] === 0x20 || firstBytes[i] === 0x09 || firstBytes[i] === 0x0a || firstBytes[i] === 0x0d)) i++;
  if (i < firstBytes.length) return firstBytes[i] === 0x3c /* "<" */ ? "xml" : "text";
  const type = (contentType ?? "").toLowerCase();
  return type.startsWith("text/plain") ? "text" : "xml";
}

// Percent-encoding normalization applied identically to rule patterns and request paths
// (RFC 9309 §2.2.2): octets that are unreserved characters are decoded, every other escape keeps
// its encoded form with uppercase hex, and raw octets outside the URI character set (non-ASCII,
// controls, space, `"<>\^`{|}`) are encoded. Reserved characters are never decoded, so
// "/a%2Fb" and "/a/b" stay distinct while "%7E" and "~" compare equal.

const HEX = "0123456789ABCDEF";
const encoder = new TextEncoder();

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function isUnreserved(b: number): boolean {
  return (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b === 45 || b === 46 || b === 95 || b === 126;
}

// Reserved gen-delims and sub-delims plus "%" itself: left as written.
const KEPT_RAW = new Set(":/?#[]@!$&'()*+,;=%".split("").map((c) => c.charCodeAt(0)));

function isAsciiSafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 || c <= 32 || c >= 127 || !(isUnreserved(c) || KEPT_RAW.has(c))) return false;
  }
  return true;
}

export function normalizePercentEncoding(input: string): string {
  // Fast path: most paths have no escapes and nothing to encode.
  if (isAsciiSafe(input)) return input;
  const bytes = encoder.encode(input);
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 37 && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1]);
      const lo = hexValue(bytes[i + 2]);
      if (hi >= 0 && lo >= 0) {
        const v = hi * 16 + lo;
        out += isUnreserved(v) ? String.fromCharCode(v) : `%${HEX[hi]}${HEX[lo]}`;
        i += 2;
        continue;
      }
    }
    if (b > 32 && b < 127 && (isUnreserved(b) || KEPT_RAW.has(b))) out += String.fromCharCode(b);
    else out += `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
}

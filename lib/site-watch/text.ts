// How a robots.txt's bytes are read as text for the diff and the API. The rules themselves are always read from
// the bytes as Google does (UTF-8, a leading UTF-8 BOM skipped: lib/robots/parse.ts), so a UTF-16 file yields no
// rules for us, as for Google. Shown text: UTF-8 (BOM dropped); UTF-16 with a BOM decoded as such; content with
// NUL bytes or mostly invalid UTF-8 is "binary" and shown as one line naming its size (docs/site-watch.md).

export type RobotsEncoding = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" | "binary";

export function detectEncoding(bytes: Uint8Array): RobotsEncoding {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8-bom";
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes.includes(0)) return "binary";
  const text = new TextDecoder("utf-8").decode(bytes);
  let bad = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0xfffd) bad++;
  return bad > 0 && bad * 10 > text.length ? "binary" : "utf-8";
}

/** The text a person reads (never a NUL character). */
export function displayText(bytes: Uint8Array, encoding: RobotsEncoding): string {
  switch (encoding) {
    case "utf-8-bom":
      return new TextDecoder("utf-8").decode(bytes.subarray(3)).replace(/\0/g, "\uFFFD");
    case "utf-16le":
      return new TextDecoder("utf-16le").decode(bytes.subarray(2)).replace(/\0/g, "\uFFFD");
    case "utf-16be":
      return decodeUtf16be(bytes.subarray(2)).replace(/\0/g, "\uFFFD");
    case "binary":
      return `[binary content, ${bytes.length} bytes: not a text file]`;
    default:
      return new TextDecoder("utf-8").decode(bytes);
  }
}

function decodeUtf16be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder("utf-16le").decode(swapped);
}

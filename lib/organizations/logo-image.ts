import { validationError } from "@/lib/core/errors";

// What a logo may be: a PNG or a JPEG, read from its bytes (the declared type is not trusted), of a sensible size.
// SVG is refused: it can carry scripts, and the report renderer and share pages would have to sanitize it.

export const MAX_LOGO_BYTES = 256 * 1024;
export const MIN_LOGO_SIDE = 16;
export const MAX_LOGO_SIDE = 4096;

export type LogoImage = { mimeType: "image/png" | "image/jpeg"; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image's type and size, or 400 VALIDATION_ERROR (code `svg_not_allowed`, `not_an_image`, `bad_dimensions`). */
export function readLogoImage(bytes: Uint8Array): LogoImage {
  if (bytes.byteLength === 0) throw refused("The request body is empty: send the PNG or JPEG file as the body", "required");
  const image = png(bytes) ?? jpeg(bytes);
  if (!image) {
    if (looksLikeSvg(bytes)) throw refused("SVG logos are not accepted (an SVG can carry scripts): upload a PNG or JPEG", "svg_not_allowed");
    throw refused("The logo must be a PNG or JPEG image", "not_an_image");
  }
  const { width, height } = image;
  if (width < MIN_LOGO_SIDE || height < MIN_LOGO_SIDE || width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE) {
    throw refused(`The logo must be between ${MIN_LOGO_SIDE} and ${MAX_LOGO_SIDE} pixels on each side (this one is ${width}×${height})`, "bad_dimensions");
  }
  return image;
}

function refused(message: string, code: string) {
  return validationError(message, [{ path: "logo", message, code }]);
}

function u16(b: Uint8Array, at: number) {
  return (b[at] << 8) | b[at + 1];
}

function u32(b: Uint8Array, at: number) {
  return ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
}

/** PNG: the signature, then IHDR first with width and height. */
function png(b: Uint8Array): LogoImage | null {
  if (b.byteLength < 33 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null;
  if (String.fromCharCode(b[12], b[13], b[14], b[15]) !== "IHDR") return null;
  return { mimeType: "image/png", width: u32(b, 16), height: u32(b, 20) };
}

/** JPEG: SOI, then segments up to the first start-of-frame marker, which holds height and width. */
function jpeg(b: Uint8Array): LogoImage | null {
  if (b.byteLength < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let i = 2;
  while (i + 3 < b.byteLength) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) { i++; continue; } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { i += 2; continue; } // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data, before any frame
    const length = u16(b, i + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > b.byteLength) return null;
      return { mimeType: "image/jpeg", height: u16(b, i + 5), width: u16(b, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function looksLikeSvg(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, 1024)).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.includes("<svg");
}

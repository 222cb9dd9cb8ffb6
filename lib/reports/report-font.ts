import { createRequire } from "node:module";
import path from "node:path";
import { Font } from "@react-pdf/renderer";

// The client report's font: Noto Sans (@expo-google-fonts/noto-sans, SIL Open Font License), regular and bold, one
// TTF per weight covering Latin with its extensions, Greek, Cyrillic and Devanagari, embedded in each PDF (subset to
// the glyphs used). Agencies and clients are named in their own script: "Łódź Media", "Ελληνικά", "Москва".

export const REPORT_FONT = "Noto Sans";

// Resolved from the app's root at run time (as lib/api/openapi/swagger-ui-assets.ts does), so that the bundler neither
// inlines nor rewrites the font files: `next start` reads them from node_modules like the tests and the CLI do.
const requireFromApp = createRequire(path.join(process.cwd(), "package.json"));
const fontFile = (weight: string) => requireFromApp.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);

let registered = false;

/** Registers the report's font family with @react-pdf/renderer, once per process (the files load at the first render). */
export function registerReportFont(): void {
  if (registered) return;
  Font.register({ family: REPORT_FONT, fonts: [{ src: fontFile("400Regular"), fontWeight: 400 }, { src: fontFile("700Bold"), fontWeight: 700 }] });
  registered = true;
}

/**
 * The code points Noto Sans draws (its cmap, Basic Multilingual Plane only), as a character class: Latin, Latin-1,
 * Latin Extended A to E, IPA, Greek and Coptic, Greek Extended, Cyrillic with its supplement and extensions,
 * Devanagari, combining marks, general punctuation, currency and letter-like signs, ligatures.
 */
const COVERED = [
  "\\u0020-\\u007e\\u00a0-\\u0377\\u037a-\\u037f\\u0384-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u03e1\\u03f0-\\u052f\\u0900-\\u097f",
  "\\u1ab0-\\u1ac0\\u1c80-\\u1c88\\u1d00-\\u1df9\\u1dfb-\\u1f15\\u1f18-\\u1f1d\\u1f20-\\u1f45\\u1f48-\\u1f4d\\u1f50-\\u1f57\\u1f59\\u1f5b\\u1f5d",
  "\\u1f5f-\\u1f7d\\u1f80-\\u1fb4\\u1fb6-\\u1fc4\\u1fc6-\\u1fd3\\u1fd6-\\u1fdb\\u1fdd-\\u1fef\\u1ff2-\\u1ff4\\u1ff6-\\u1ffe\\u2000-\\u200a\\u2010-\\u2027\\u202f-\\u205e",
  "\\u2070-\\u2071\\u2074-\\u208e\\u2090-\\u209c\\u20a0-\\u20c0\\u2100-\\u215f\\u2212\\u2c60-\\u2c7f\\u2de0-\\u2dff\\ua640-\\ua69f\\ua700-\\ua7ca",
  "\\ua7d0-\\ua7d1\\ua7d3\\ua7d5-\\ua7d9\\ua7f2-\\ua7ff\\uab30-\\uab6b\\ufb00-\\ufb06",
].join("");
const UNCOVERED = new RegExp(`[^${COVERED}]`, "gu");

/**
 * Text the report's font can draw: composed (NFC), and every character it has no glyph for (Chinese, Japanese,
 * Korean, Arabic, Hebrew, Thai, emoji, control and invisible formatting characters) replaced by "?", rather than an
 * empty box or nothing at all.
 */
export function safeText(text: string): string {
  return text.normalize("NFC").replace(UNCOVERED, "?");
}

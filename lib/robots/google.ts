// How Google's open-source robots.txt parser reads a line, where it differs from RFC 9309. The reference is
// robots.cc of github.com/google/robotstxt (commit 22b355f); each rule below names the function it follows.
// Google's crawlers (Googlebot and the rest: every product token containing "google") are judged this way;
// other crawlers by the standard reading of parse.ts.

export type GoogleKey = "user-agent" | "allow" | "disallow" | "sitemap" | "unknown";

/** One line as robots.cc reads it: a directive with its value, or nothing (comment, blank, no separator). */
export interface GoogleLine {
  key: GoogleKey;
  /** The key as written (trimmed), e.g. "Disallowed"; "" when the line holds no directive. */
  keyText: string;
  value: string;
  /** The key and value were separated by whitespace instead of a colon. */
  missingColon: boolean;
}

const NONE: GoogleLine = { key: "unknown", keyText: "", value: "", missingColon: false };

// absl::StripAsciiWhitespace: ASCII space, \t, \n, \v, \f, \r only; a byte order mark (U+FEFF) or a no-break
// space is not whitespace for Google, unlike String.prototype.trim.
const stripAscii = (s: string) => s.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, "");

/** The product token of a crawler belongs to Google: its robots.txt is read the way Google's parser reads it. */
export const isGoogleCrawler = (token: string) => token.includes("google");

/**
 * RobotsTxtParser::GetKeyAndValueFrom: the comment is cut at "#", the line trimmed of ASCII whitespace, and
 * split at the first ":"; with no colon at all, "some people forget the colon, so we need to accept whitespace
 * in its stead" — but only when the line is exactly two runs of non-whitespace ("Disallow /path"). Then
 * GetKeyType: the key is matched by its beginning, ignoring case (absl::StartsWithIgnoreCase), with the same
 * frequent typos as kAllowFrequentTypos: "useragent", "user agent", "dissallow", "dissalow", "disalow",
 * "diasllow", "disallaw", "site-map". So "Disallowed: /x" is a Disallow for Google.
 */
export function readGoogleLine(raw: string): GoogleLine {
  const hash = raw.indexOf("#");
  const line = stripAscii(hash >= 0 ? raw.slice(0, hash) : raw);
  if (line === "") return NONE;
  let sep = line.indexOf(":");
  let missingColon = false;
  if (sep < 0) {
    const white = /[ \t]+/.exec(line);
    if (!white) return NONE;
    if (/[ \t]/.test(line.slice(white.index + white[0].length))) return NONE;
    sep = white.index;
    missingColon = true;
  }
  const keyText = stripAscii(line.slice(0, sep));
  if (keyText === "") return NONE;
  const value = stripAscii(line.slice(sep + 1));
  return { key: googleKeyType(keyText), keyText, value, missingColon };
}

const starts = (key: string, ...prefixes: string[]) => prefixes.some((p) => key.toLowerCase().startsWith(p));

/** GetKeyType: user-agent first, then allow, disallow, sitemap (KeyIsUserAgent, KeyIsAllow, KeyIsDisallow, KeyIsSitemap). */
function googleKeyType(key: string): GoogleKey {
  if (starts(key, "user-agent", "useragent", "user agent")) return "user-agent";
  if (starts(key, "allow")) return "allow";
  if (starts(key, "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw")) return "disallow";
  if (starts(key, "sitemap", "site-map")) return "sitemap";
  return "unknown";
}

const HEX = "0123456789ABCDEF";
const isHex = (b: number | undefined) => b !== undefined && ((b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102));
const encoder = new TextEncoder();

/**
 * MaybeEscapePattern, for Allow and Disallow values: "%aa" becomes "%AA" and every octet with its high bit set is
 * percent-encoded; nothing is decoded ("%7E" stays "%7E", where RFC 9309 §2.2.2 compares it equal to "~") and no
 * other ASCII character is encoded (a space stays a space).
 */
export function googleEscapePattern(value: string): string {
  let plain = true;
  for (let i = 0; i < value.length && plain; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80 || (c === 37 && /[a-f]/.test(value.slice(i + 1, i + 3)))) plain = false;
  }
  if (plain) return value;
  const bytes = encoder.encode(value);
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 37 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out += `%${String.fromCharCode(bytes[i + 1]).toUpperCase()}${String.fromCharCode(bytes[i + 2]).toUpperCase()}`;
      i += 2;
    } else if (b & 0x80) out += `%${HEX[b >> 4]}${HEX[b & 15]}`;
    else out += String.fromCharCode(b);
  }
  return out;
}

/**
 * The request path as Google's matcher compares it: RobotsMatcher::AllowedByRobots takes the URL "in escaped form
 * already" and does not normalize it, so escapes keep their case and "%7E" stays distinct from "~". Only characters
 * outside ASCII (which no HTTP request line carries raw) are percent-encoded here, as a client sending the URL would.
 */
export function googleRequestPath(path: string): string {
  return /[^\x00-\x7f]/.test(path) ? path.replace(/[^\x00-\x7f]+/g, (s) => [...encoder.encode(s)].map((b) => `%${HEX[b >> 4]}${HEX[b & 15]}`).join("")) : path;
}

/**
 * RobotsMatcher::HandleAllow, "Google-specific optimization: 'index.htm' and 'index.html' are normalized to '/'":
 * an Allow pattern whose last segment begins with "/index.htm" also allows its directory, as the pattern
 * "<directory>/$" on the same line. Null for any other pattern.
 */
export function googleIndexHtmlPattern(pattern: string): string | null {
  const slash = pattern.lastIndexOf("/");
  if (slash < 0 || !pattern.startsWith("/index.htm", slash)) return null;
  return `${pattern.slice(0, slash + 1)}$`;
}

export const GOOGLE_NOTE_KINDS = ["missing_colon", "key_spelling", "byte_order_mark", "index_html", "percent_encoding"] as const;
export type GoogleNoteKind = (typeof GOOGLE_NOTE_KINDS)[number];

/** A line Google's parser reads differently from the standard, and how. */
export interface GoogleLineNote {
  line: number;
  kind: GoogleNoteKind;
  message: string;
}

const DIRECTIVE_NAMES: Record<Exclude<GoogleKey, "unknown">, string> = { "user-agent": "User-agent", allow: "Allow", disallow: "Disallow", sitemap: "Sitemap" };

/** The sentence the tester shows beside a line (after "Google reads this line differently from the standard: "). */
export function googleNoteMessage(kind: GoogleNoteKind, g: GoogleLine, extra?: string): string {
  const directive = g.key === "unknown" ? "" : `${DIRECTIVE_NAMES[g.key]}: ${g.value}`;
  switch (kind) {
    case "missing_colon":
      return `the colon is missing; Google reads the line as “${directive}”, RFC 9309 ignores it.`;
    case "key_spelling":
      return `Google reads “${g.keyText}” as ${g.key === "unknown" ? "a directive" : DIRECTIVE_NAMES[g.key]} (it checks only how the word begins); RFC 9309 ignores an unknown key.`;
    case "byte_order_mark":
      return "the line starts with an invisible byte order mark (U+FEFF). Google skips one only at the very start of the file, so it does not recognise this directive and ignores the line; the standard reading skips the mark.";
    case "index_html":
      return `Google also allows the directory itself (“Allow: ${extra}”): it treats index.htm and index.html as “/”. RFC 9309 allows only the file.`;
    case "percent_encoding":
      return "Google compares this pattern's percent-encoding as written: an escaped letter, digit or “-._~” (such as %7E for ~) matches only the same escape in the URL, and characters such as spaces are not encoded. RFC 9309 decodes those escapes and encodes the rest before comparing.";
  }
}

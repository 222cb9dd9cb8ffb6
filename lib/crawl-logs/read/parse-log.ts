import { createCloudflareParser, createGenericJsonParser } from "./parse-json";
import { MAX_LINE_CHARS, reject, type ParserOptions } from "./parse-fields";
import { createNcsaParser } from "./parse-ncsa";
import { createW3cParser } from "./parse-w3c";
import { LOG_FORMATS, type LogFormat, type ParseResult } from "../types";

export { MAX_LINE_CHARS, type ParserOptions };

/** Lines detectLogFormat looks at (the first non-blank ones of the sample). */
export const DETECT_SAMPLE_LINES = 50;

/**
 * A parser for one file or stream: stateful where the format needs it (W3C's #Fields directive). Returns null
 * for lines that are not requests (blank lines, W3C directives and comments), else a hit or a stable reason.
 * Lines over MAX_LINE_CHARS and lines with a NUL byte are rejected before any scanning.
 */
export function createLineParser(format: LogFormat, options: ParserOptions = {}): (line: string) => ParseResult | null {
  const parse = formatParser(format, options);
  return (raw) => {
    if (raw.length > MAX_LINE_CHARS) return reject("line_too_long");
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (line.length === 0 || isBlank(line)) return null;
    if (line.indexOf("\u0000") >= 0) return reject("nul_byte");
    return parse(line);
  };
}

function formatParser(format: LogFormat, options: ParserOptions): (line: string) => ParseResult | null {
  switch (format) {
    case "ncsa_combined":
      return createNcsaParser(true, options);
    case "ncsa_common":
      return createNcsaParser(false, options);
    case "w3c":
      return createW3cParser(options);
    case "cloudflare_json":
      return createCloudflareParser(options);
    case "json_generic":
      return createGenericJsonParser(options);
  }
}

function isBlank(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c === 32 || c === 9) && line.trim().length === 0;
}

/**
 * The format most of the sample's first lines parse under (ties go to the more specific format: combined
 * before common, Cloudflare before generic JSON); null when no format parses at least half of them.
 */
export function detectLogFormat(sampleLines: string[], options: ParserOptions = {}): LogFormat | null {
  const sample = sampleLines.filter((l) => l.trim().length > 0).slice(0, DETECT_SAMPLE_LINES);
  let best: LogFormat | null = null;
  let bestScore = 0;
  for (const format of LOG_FORMATS) {
    const parse = createLineParser(format, options);
    let requests = 0;
    let parsed = 0;
    for (const line of sample) {
      const result = parse(line);
      if (result === null) continue;
      requests++;
      if (result.ok) parsed++;
    }
    if (requests === 0 || parsed * 2 < requests) continue;
    if (parsed > bestScore) {
      best = format;
      bestScore = parsed;
    }
  }
  return best;
}

/**
 * A flat copy of a string. A slice of a log line (or of a row's URL) keeps the whole of it alive in V8; what is kept
 * past the line (a path, an address) is copied. Short strings are copied by V8 anyway.
 */
export function flatCopy(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}

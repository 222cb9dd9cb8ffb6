/** Length caps of the strings an outcome carries. */
export const CAPS = { url: 2048, error: 500, directives: 1000, ruleValue: 500, vendor: 40, pageText: 4096, dataType: 100 } as const;

/**
 * Removes NUL characters (PostgreSQL text cannot hold them) and caps the length without splitting
 * a surrogate pair. Header values and page content can hold anything.
 */
export function clean(value: string, max: number): string {
  const text = value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export function cleanOrNull(value: string | null, max: number): string | null {
  return value === null ? null : clean(value, max);
}

import type { SitemapEvent, SitemapParseError } from "./types";

export async function collect(gen: AsyncGenerator<SitemapEvent>): Promise<{ events: SitemapEvent[]; error: SitemapParseError | null }> {
  const events: SitemapEvent[] = [];
  try {
    for await (const e of gen) events.push(e);
    return { events, error: null };
  } catch (err) {
    return { events, error: err as SitemapParseError };
  }
}

/** Yields the text as bytes in pieces of the given sizes (cycled), to split tags anywhere. */
export async function* pieces(text: string, sizes: number[] = [64 * 1024]): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let i = 0;
  for (let k = 0; i < bytes.length; k++) {
    const n = sizes[k % sizes.length];
    yield bytes.subarray(i, i + n);
    i += n;
  }
}

export function urlset(body: string, attrs = ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset${attrs}>${body}</urlset>`;
}

export function urls(n: number, prefix = "https://example.com/p/"): string {
  let s = "";
  for (let i = 0; i < n; i++) s += `<url><loc>${prefix}${i}</loc><lastmod>2024-01-02</lastmod></url>\n`;
  return s;
}

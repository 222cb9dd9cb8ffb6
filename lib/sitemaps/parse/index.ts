export { parseSitemapStream } from "./xml";
export { parseTextSitemap } from "./text";
export { detectSitemapFormat, type SitemapFormat } from "./detect";
export { parseLastmod } from "./lastmod";
export { checkLoc, MAX_LOC_LENGTH, type LocCheck } from "./loc";
export {
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  SitemapParseError,
  type ByteSource,
  type LocRejectReason,
  type SitemapErrorCode,
  type SitemapEvent,
  type SitemapParseOptions,
} from "./types";

// The field history and site changes in words a person reads ("Title changed from … to …", "noindex added").

export const FIELD_LABELS: Record<string, string> = {
  status: "Status",
  redirect_target: "Redirect",
  canonical: "Canonical",
  meta_robots: "Meta robots",
  x_robots_tag: "X-Robots-Tag",
  title: "Title",
  meta_description: "Meta description",
  h1: "H1",
  hreflang: "Hreflang",
  structured_data_types: "Structured data",
  main_text_hash: "Main text",
  word_count: "Word count",
  internal_links: "Internal links",
  sitemap_url_count: "Sitemap URL count",
};

const label = (field: string) => FIELD_LABELS[field] ?? field;
const quote = (v: string | null, max = 120) => {
  if (v === null || v === "") return "nothing";
  const one = v.replace(/\s+/g, " ");
  return `“${one.length > max ? `${one.slice(0, max)}…` : one}”`;
};

/** One field change of one URL in words. */
export function describeFieldChange(c: { field: string; from: string | null; to: string | null; fromKind: string; toKind: string }): string {
  const L = label(c.field);
  switch (c.field) {
    case "meta_robots":
    case "x_robots_tag":
      if (c.toKind === "noindex" && c.fromKind !== "noindex") return `noindex added (${L} ${quote(c.to)})`;
      if (c.fromKind === "noindex" && c.toKind !== "noindex") return c.to ? `noindex removed (${L} now ${quote(c.to)})` : `noindex removed (${L} gone)`;
      return c.to ? `${L} changed from ${quote(c.from)} to ${quote(c.to)}` : `${L} removed (was ${quote(c.from)})`;
    case "status":
      return `Status changed from ${c.from ?? "none"} to ${c.to ?? "none"}`;
    case "canonical":
      if (!c.to) return `Canonical removed (was ${c.from})`;
      if (!c.from) return `Canonical added: ${c.to}${c.toKind === "home" ? " (the home page)" : ""}`;
      return `Canonical changed from ${c.from} to ${c.to}${c.toKind === "home" ? " (the home page)" : ""}`;
    case "redirect_target":
      if (!c.to) return `No longer redirects (redirected to ${c.from})`;
      if (!c.from) return `Now redirects to ${c.to}`;
      return `Redirect target changed from ${c.from} to ${c.to}`;
    case "main_text_hash":
      return c.to ? (c.from ? "Main text changed" : "Main text appeared") : "Main text gone";
    case "word_count":
    case "internal_links":
      return `${L} changed from ${c.from ?? 0} to ${c.to ?? 0}`;
    case "hreflang":
      if (!c.to) return "Hreflang gone";
      if (!c.from) return `Hreflang added (${c.to.split("\n").length})`;
      return `Hreflang set changed (${c.from.split("\n").length} → ${c.to.split("\n").length})`;
    case "structured_data_types":
      if (!c.to) return `Structured data gone (was ${c.from})`;
      if (!c.from) return `Structured data added: ${c.to}`;
      return `Structured data changed from ${c.from} to ${c.to}`;
    default:
      if (!c.to) return `${L} emptied (was ${quote(c.from)})`;
      if (!c.from) return `${L} added: ${quote(c.to)}`;
      return `${L} changed from ${quote(c.from)} to ${quote(c.to)}`;
  }
}

const KIND_WORDS: Record<string, string> = {
  none: "none", self: "the page itself", home: "the home page", other: "another page", other_host: "another host", same_host: "another page",
  noindex: "noindex", nofollow: "nofollow", indexable: "indexable", empty: "empty", present: "present", changed: "changed", invalid: "an invalid URL",
};
const kw = (k: string) => KIND_WORDS[k] ?? k;

/** A site change in words: "canonical now points to the home page", "noindex added", "title emptied". */
export function describeSiteChange(c: { field: string; fromKind: string; toKind: string; urlCount: number; detail?: unknown }): string {
  const n = `${c.urlCount.toLocaleString("en-US")} URL${c.urlCount === 1 ? "" : "s"}`;
  const L = label(c.field);
  switch (c.field) {
    case "canonical":
    case "redirect_target":
      if (c.toKind === "none") return `${L} removed on ${n}`;
      return `${c.field === "canonical" ? "Canonical now points to" : "Now redirects to"} ${kw(c.toKind)} (was ${kw(c.fromKind)}) on ${n}`;
    case "meta_robots":
    case "x_robots_tag":
      if (c.toKind === "noindex") return `noindex added (${L}) on ${n}`;
      if (c.fromKind === "noindex") return `noindex removed (${L}) on ${n}`;
      return `${L} now ${kw(c.toKind)} (was ${kw(c.fromKind)}) on ${n}`;
    case "status":
      return `Status now ${c.toKind} (was ${c.fromKind}) on ${n}`;
    case "sitemap_url_count": {
      const d = (c.detail ?? {}) as { before?: number; after?: number };
      return `Sitemaps list ${d.after ?? "?"} URLs, down from ${d.before ?? "?"}`;
    }
    default:
      if (c.toKind === "empty" || c.toKind === "none") return `${L} ${c.field === "hreflang" || c.field === "structured_data_types" || c.field === "internal_links" ? "gone" : "emptied"} on ${n}`;
      if (c.fromKind === "empty" || c.fromKind === "none") return `${L} added on ${n}`;
      return `${L} changed on ${n}`;
  }
}

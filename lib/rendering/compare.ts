// Raw against rendered: the differences a person reads first, and the issue rules of a render. Pure functions.
import type { IssueType } from "@/lib/db";
import type { PageFacts } from "./extract";

export const DIFFERENCE_KINDS = ["noindex", "canonical", "text", "title", "h1", "meta_description", "hreflang", "structured_data", "internal_links"] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface Difference {
  kind: DifferenceKind;
  raw: string | number | boolean | string[] | null;
  rendered: string | number | boolean | string[] | null;
  /** What it means, in words. */
  note: string;
}

/** Under this share of the rendered text in the raw HTML, a page is `js_only_content`. */
export const JS_ONLY_RATIO = 0.2;
/** Pages with less rendered text than this are too small to judge by their text. */
export const MIN_TEXT_FOR_RATIO = 200;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The share of the rendered text that the raw HTML already holds (1 when the page has no text at all). */
export function textRatio(raw: Pick<PageFacts, "textLength">, rendered: Pick<PageFacts, "textLength">): number {
  if (rendered.textLength <= 0) return 1;
  return Math.round(Math.min(raw.textLength / rendered.textLength, 1) * 1000) / 1000;
}

/** The fields that differ between the raw HTML and the rendered DOM, most consequential first. */
export function compareFacts(raw: PageFacts, rendered: PageFacts): Difference[] {
  const out: Difference[] = [];
  if (raw.noindex !== rendered.noindex) {
    out.push({
      kind: "noindex", raw: raw.metaRobots.join(", ") || null, rendered: rendered.metaRobots.join(", ") || null,
      note: raw.noindex
        ? "The raw HTML says noindex and a script removes it: Google does not render a page whose HTML says noindex, so the page stays out of the index."
        : "A script adds noindex: Google renders the page, reads the noindex and drops it from the index.",
    });
  }
  if (raw.canonical !== rendered.canonical) {
    out.push({
      kind: "canonical", raw: raw.canonical, rendered: rendered.canonical,
      note: raw.canonical === null ? "Only the rendered page names a canonical." : rendered.canonical === null ? "A script removes the canonical." : "A script changes the canonical: Google sees two conflicting canonicals.",
    });
  }
  const delta = Math.abs(rendered.textLength - raw.textLength);
  if (delta > 50 && delta > 0.1 * Math.max(raw.textLength, rendered.textLength)) {
    const ratio = textRatio(raw, rendered);
    out.push({
      kind: "text", raw: raw.textLength, rendered: rendered.textLength,
      note: rendered.textLength > raw.textLength
        ? `The raw HTML holds ${Math.round(ratio * 100)} % of the rendered text: crawlers that do not run JavaScript (AI crawlers, a first crawl) read only that.`
        : "The rendered page has less text than the raw HTML: a script hides or removes content.",
    });
  }
  if (raw.title !== rendered.title) out.push({ kind: "title", raw: raw.title, rendered: rendered.title, note: raw.title === null ? "Only a script sets the title." : "A script changes the title." });
  if (raw.h1 !== rendered.h1) out.push({ kind: "h1", raw: raw.h1, rendered: rendered.h1, note: raw.h1 === null ? "The first heading exists only once rendered." : "The first heading differs once rendered." });
  if (raw.metaDescription !== rendered.metaDescription) {
    out.push({ kind: "meta_description", raw: raw.metaDescription, rendered: rendered.metaDescription, note: raw.metaDescription === null ? "Only a script sets the meta description." : "A script changes the meta description." });
  }
  const rawLang = raw.hreflang.map((h) => `${h.lang} ${h.href}`);
  const renderedLang = rendered.hreflang.map((h) => `${h.lang} ${h.href}`);
  if (!sameList(rawLang, renderedLang)) out.push({ kind: "hreflang", raw: rawLang, rendered: renderedLang, note: "The hreflang annotations differ once rendered." });
  if (!sameList(raw.structuredDataTypes, rendered.structuredDataTypes)) {
    out.push({ kind: "structured_data", raw: raw.structuredDataTypes, rendered: rendered.structuredDataTypes, note: "Structured data differs once rendered: Google reads the rendered one, other consumers often only the raw HTML." });
  }
  if (raw.internalLinks !== rendered.internalLinks) {
    out.push({
      kind: "internal_links", raw: raw.internalLinks, rendered: rendered.internalLinks,
      note: rendered.internalLinks > raw.internalLinks ? "Scripts add internal links: crawlers that do not render miss them." : "Internal links disappear once rendered.",
    });
  }
  return out;
}

/** A resource robots.txt keeps Googlebot from, which a render requested. */
export interface RobotsBlockedResource {
  url: string;
  resourceType: string;
}

/** Resource types whose absence changes what Google renders (images and fonts do not). */
const RENDER_CRITICAL = new Set(["script", "stylesheet", "xhr", "fetch", "document"]);

export interface RenderVerdictInput {
  status: "rendered" | "failed";
  raw: PageFacts | null;
  rendered: PageFacts | null;
  robotsBlockedResources: RobotsBlockedResource[];
}

/** The five rendering issue types and whether a render shows each. */
export const RENDER_ISSUE_TYPES = ["rendered_noindex", "rendered_canonical_mismatch", "js_only_content", "render_blocked_resources", "render_failed"] as const satisfies readonly IssueType[];
export type RenderIssueType = (typeof RENDER_ISSUE_TYPES)[number];

/**
 * The issue types a render shows. A noindex in the raw HTML stops Google from rendering (Google's documented rule),
 * so then only the raw page counts: no rendered_* issue is raised (the audit's own has_noindex type covers it).
 */
export function renderIssues(input: RenderVerdictInput): Set<RenderIssueType> {
  const found = new Set<RenderIssueType>();
  if (input.status === "failed" || !input.raw || !input.rendered) {
    found.add("render_failed");
    return found;
  }
  const { raw, rendered } = input;
  if (input.robotsBlockedResources.some((r) => RENDER_CRITICAL.has(r.resourceType))) found.add("render_blocked_resources");
  if (raw.noindex) return found;
  if (rendered.noindex) found.add("rendered_noindex");
  if (raw.canonical !== rendered.canonical && (raw.canonical !== null || rendered.canonical !== null)) found.add("rendered_canonical_mismatch");
  if (rendered.textLength >= MIN_TEXT_FOR_RATIO && textRatio(raw, rendered) < JS_ONLY_RATIO) found.add("js_only_content");
  return found;
}

import type { DifferenceKind } from "@/lib/rendering/compare";

/** A difference's field, in words. */
export const DIFFERENCE_LABELS: Record<DifferenceKind, string> = {
  noindex: "Meta robots (noindex)",
  canonical: "Canonical",
  text: "Visible text",
  title: "Title",
  h1: "First heading (H1)",
  meta_description: "Meta description",
  hreflang: "hreflang",
  structured_data: "Structured data",
  internal_links: "Internal links",
};

export const USE_LABELS = { search: "AI search", training: "AI training", user: "User-triggered fetches" } as const;

export const formatChars = (n: number) => `${n.toLocaleString("en-US")} characters`;

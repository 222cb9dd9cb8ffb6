import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { CAUSES, DIAGNOSIS_ENGINES } from "./causes";
import { DUPLICATE_GROUP_KINDS } from "./duplicate-groups";

export const diagnosisQuery = z.object({
  engine: z.enum(DIAGNOSIS_ENGINES).default("engineA").describe("`engineA` (Google, the default) or `engineB` (Bing)"),
});
export type DiagnosisQuery = z.infer<typeof diagnosisQuery>;

const cause = z.enum(CAUSES);
export const DiagnosisResponse = z.object({
  engine: z.enum(DIAGNOSIS_ENGINES),
  notIndexed: z.number().int().min(0).describe("Tracked URLs the engine does not index (as of the last diagnosis)"),
  diagnosedAt: z.iso.datetime().nullable().describe("When the project was last diagnosed (null: never)"),
  causes: z.array(z.object({
    cause,
    label: z.string().describe("The cause's name, for a person"),
    meaning: z.string(),
    urls: z.number().int().min(0),
    bySection: z.array(z.object({ section: z.string().describe("First path segment (`/blog/`), `/` for the root"), urls: z.number().int().min(0) }))
      .describe("Sections with the most URLs of this cause first (at most 20)"),
    sampleUrls: z.array(z.string()).describe("Up to 5 URLs of this cause"),
    fix: z.string(),
  })).describe("In rule order (docs/diagnosis.md), causes without URLs left out"),
  sections: z.array(z.object({ section: z.string(), notIndexed: z.number().int().min(0) }))
    .describe("Not-indexed URLs per section, most first (at most 20)"),
});
export type DiagnosisResponse = z.infer<typeof DiagnosisResponse>;

const Evidence = z.object({
  source: z.enum(["audit", "render", "engine", "links", "logs", "content", "sitemaps"]),
  text: z.string(), observedAt: z.iso.datetime().nullable(),
});
const EngineDiagnosis = z.object({
  indexed: z.boolean(),
  cause: cause.nullable().describe("null while the engine indexes the URL"),
  label: z.string().nullable(),
  evidence: z.array(Evidence),
  fix: z.string().nullable(),
});
export const UrlDiagnosisResponse = z.object({ engineA: EngineDiagnosis, engineB: EngineDiagnosis })
  .describe("Per engine (engineA Google, engineB Bing), computed now with the rule set");
export type UrlDiagnosisResponse = z.infer<typeof UrlDiagnosisResponse>;

export const duplicatesQuery = paginationQuery.extend({
  kind: z.enum(DUPLICATE_GROUP_KINDS).default("content")
    .describe("`content` (same main text, the default), `title`, `description`, or `near_content` (main texts within 3 of 64 SimHash bits)"),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuery>;
export const DuplicateGroupResponse = z.object({
  kind: z.enum(DUPLICATE_GROUP_KINDS),
  key: z.string().describe("The shared value: the main text's hash, or the title or description (lowercase); near_content: the smallest main-text hash of the group"),
  urls: z.number().int().min(2).describe("Pages in the group"),
  canonicalUrl: z.string().describe("The page kept: most inlinks, then the shortest URL, then the first tracked"),
  sampleUrls: z.array(z.string()).describe("Up to 10 pages of the group, the kept one first; the others are the copies"),
  similarity: z.number().int().min(0).max(100).nullable()
    .describe("near_content: the lowest similarity of a page to the kept one, in percent (64 minus the differing SimHash bits, over 64); null for the exact kinds"),
});
export type DuplicateGroupResponse = z.infer<typeof DuplicateGroupResponse>;

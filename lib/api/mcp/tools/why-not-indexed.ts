import { z } from "zod";
import { getDiagnosis } from "@/lib/diagnosis/get-diagnosis";
import { getUrlDiagnosis } from "@/lib/diagnosis/get-url-diagnosis";
import { diagnosisQuery } from "@/lib/diagnosis/schemas";
import { getDiagnosisOp, getUrlDiagnosisOp } from "../../operations/diagnosis";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, ENGINES, pid } from "../tool";

const input = z.object({
  projectId,
  urlId: z.uuid().optional().describe("One tracked URL's id: its cause per engine with evidence and fix. Without: the project's causes by section"),
  ...diagnosisQuery.shape,
});

export const whyNotIndexedTool: ToolDef = {
  name: "why_not_indexed", title: "Why pages are not indexed by Google or Bing",
  description: "Answers why pages are not indexed, from one ordered rule set (error status, redirect, robots.txt, noindex raw or added by JavaScript, "
    + "canonical elsewhere, no fresh verdict, Google chose another canonical, soft 404, duplicate of which page, thin, orphan, nofollow-only links, "
    + "deep, never crawled, crawl older than 130 days, in no sitemap, unknown). With `urlId`: that URL's primary cause for Google and for Bing, "
    + "the evidence (what our audit, the render, Google's answer, links, logs and sitemaps showed, and when) and the one fix. Without: the project's "
    + "causes for `engine` (engineA Google by default, engineB Bing) with URL counts, sections and sample URLs. Free. " + ENGINES,
  input, annotations: READ,
  run: async (caller, args) => {
    const a = args as z.infer<typeof input>;
    if (a.urlId) {
      const diagnosis = await callOperation(caller, getUrlDiagnosisOp, { ids: { id: a.projectId, urlId: a.urlId } },
        ({ ctx, params }) => getUrlDiagnosis(ctx, params.id, params.urlId));
      return { google: diagnosis.engineA, bing: diagnosis.engineB };
    }
    return callOperation(caller, getDiagnosisOp, { ids: pid(args), query: { engine: a.engine } }, ({ ctx, params, query }) => getDiagnosis(ctx, params.id, query.engine));
  },
};

import { callUpstream } from "../http";
import type { EngineOutcome } from "../outcome";
import { urlInProperty } from "../url-in-property";
import { classifyApiError, failureOutcome, malformedOutcome } from "./classify-api-error";
import { apiUrl, GSC_LANGUAGE } from "./config";
import { inspectAnswer, type IndexStatusResult } from "./schemas";

export type Inspection = {
  inspectionResultLink: string | null;
  /** Null when the answer carried no index status at all (no definitive answer). */
  indexStatusResult: IndexStatusResult | null;
};

/**
 * Inspects one URL of a property (in en-US: the coverage text is localized). A URL outside the
 * property is refused here, without spending quota. Quota answers carry when to try again.
 */
export async function inspectUrl(input: {
  accessToken: string; siteUrl: string; inspectionUrl: string; now?: Date; timeoutMs?: number;
}): Promise<EngineOutcome<Inspection>> {
  const now = input.now ?? new Date();
  if (!urlInProperty(input.inspectionUrl, input.siteUrl)) {
    return { kind: "invalid", code: "outside_property", message: "gsc URL inspection: the URL does not lie inside the property" };
  }
  const answer = await callUpstream({
    url: apiUrl("/v1/urlInspection/index:inspect"), method: "POST", timeoutMs: input.timeoutMs,
    headers: { authorization: `Bearer ${input.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ inspectionUrl: input.inspectionUrl, siteUrl: input.siteUrl, languageCode: GSC_LANGUAGE }),
  }, now);
  if (answer.kind === "failure") return failureOutcome("URL inspection", answer);
  if (answer.status < 200 || answer.status >= 300) return classifyApiError("URL inspection", answer, now, [input.accessToken]);

  const parsed = inspectAnswer.safeParse(answer.json);
  if (!parsed.success) return malformedOutcome("URL inspection", answer.status);
  const result = parsed.data.inspectionResult;
  return { kind: "ok", value: { inspectionResultLink: result.inspectionResultLink ?? null, indexStatusResult: result.indexStatusResult ?? null } };
}

// One URL's diagnosis per engine, computed now with the rule set (the same SQL as the project's), with its evidence and fix.
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { CAUSE_WORDS, DIAGNOSIS_ENGINES } from "./causes";
import { evidenceOf, fixOf } from "./evidence";
import type { UrlDiagnosisResponse } from "./schemas";
import { readUrlFacts } from "./url-facts";

export async function getUrlDiagnosis(ctx: OrgCtx, projectId: string, urlId: string): Promise<UrlDiagnosisResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const facts = await readUrlFacts(project.id, urlId);
  if (!facts) throw new DomainError("NOT_FOUND", "URL not found");
  const [engineA, engineB] = DIAGNOSIS_ENGINES.map((engine) => {
    const cause = engine === "engineA" ? facts.a : facts.b;
    return {
      indexed: cause === null, cause, label: cause ? CAUSE_WORDS[cause].label : null,
      evidence: cause ? evidenceOf(cause, facts, engine) : [], fix: fixOf(cause),
    };
  });
  return { engineA, engineB };
}

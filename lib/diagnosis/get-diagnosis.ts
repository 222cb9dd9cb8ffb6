// The project's causes for one engine, from the causes the last diagnosis stored: per cause its URLs, sections and
// samples, and the not-indexed URLs per section (so a person reads "/blog/: 1,240 not indexed, 61 % of them orphans").
import type { OrgCtx } from "@/lib/core/context";
import { iso } from "@/lib/core/iso";
import { db, Prisma } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { CAUSES, CAUSE_WORDS, type Cause, type DiagnosisEngine } from "./causes";
import type { DiagnosisResponse } from "./schemas";

/** The section of URL `t` as lib/rendering's sectionOf writes it: `/first/` when a path goes below its first segment, else `/`. */
export const SECTION_SQL = Prisma.raw(`coalesce(substring(t.url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+(/[^/?#]+/)'), '/')`);
const MAX_SECTIONS = 20;
const SAMPLE = 5;

/** The engine's stored cause in url_causes `uc`. */
export const causeColumn = (engine: DiagnosisEngine) => Prisma.raw(engine === "engineA" ? "uc.engine_a_cause" : "uc.engine_b_cause");
/**
 * The URLs of `uc` whose engine's cause is `c.cause`, as a partial index holds them in list order: Bing's cause has
 * its own; Google's is walked in the index of the URL's one cause (Google's cause, else Bing's), which carries it.
 */
const causeIs = (engine: DiagnosisEngine) => Prisma.raw(engine === "engineA"
  ? "uc.not_indexed_cause = c.cause AND uc.engine_a_cause = c.cause" : "uc.engine_b_cause = c.cause");

export async function getDiagnosis(ctx: OrgCtx, projectId: string, engine: DiagnosisEngine): Promise<DiagnosisResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const col = causeColumn(engine);
  const [rows, samples, run] = await Promise.all([
    db.$queryRaw<{ cause: Cause; section: string; urls: number }[]>(Prisma.sql`
      SELECT ${col}::text AS cause, ${SECTION_SQL} AS section, count(*)::int AS urls
      FROM url_causes uc JOIN tracked_urls t ON t.id = uc.tracked_url_id
      WHERE uc.project_id = ${project.id}::uuid AND ${col} IS NOT NULL GROUP BY 1, 2`),
    db.$queryRaw<{ cause: Cause; urls: string[] }[]>(Prisma.sql`
      SELECT c.cause::text AS cause, ARRAY(SELECT t.url FROM url_causes uc JOIN tracked_urls t ON t.id = uc.tracked_url_id
        WHERE uc.project_id = ${project.id}::uuid AND ${causeIs(engine)} ORDER BY uc.discovered_at, uc.tracked_url_id LIMIT ${SAMPLE}) AS urls
      FROM unnest(enum_range(NULL::"NotIndexedCause")) AS c(cause)`),
    db.diagnosisRun.findUnique({ where: { projectId: project.id } }),
  ]);
  const sampleOf = new Map(samples.map((s) => [s.cause, s.urls]));
  const sections = new Map<string, number>();
  for (const r of rows) sections.set(r.section, (sections.get(r.section) ?? 0) + r.urls);
  const causes = CAUSES.map((cause) => {
    const mine = rows.filter((r) => r.cause === cause).sort((x, y) => y.urls - x.urls || x.section.localeCompare(y.section));
    return {
      cause, label: CAUSE_WORDS[cause].label, meaning: CAUSE_WORDS[cause].meaning, fix: CAUSE_WORDS[cause].fix,
      urls: mine.reduce((n, r) => n + r.urls, 0),
      bySection: mine.slice(0, MAX_SECTIONS).map(({ section, urls }) => ({ section, urls })),
      sampleUrls: sampleOf.get(cause) ?? [],
    };
  }).filter((c) => c.urls > 0);
  return {
    engine, notIndexed: causes.reduce((n, c) => n + c.urls, 0), diagnosedAt: iso(run?.diagnosedAt ?? null), causes,
    sections: [...sections].map(([section, notIndexed]) => ({ section, notIndexed }))
      .sort((x, y) => y.notIndexed - x.notIndexed || x.section.localeCompare(y.section)).slice(0, MAX_SECTIONS),
  };
}

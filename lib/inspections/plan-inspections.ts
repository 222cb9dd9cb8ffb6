import { db, Prisma, type InspectionCadence } from "@/lib/db";

export interface PlannedProject {
  organizationId: string;
  projectId: string;
  automatedInspectionsEnabled: boolean;
  inspectionCadence: InspectionCadence;
  /** URLs this tick may claim for the project. */
  allocation: number;
}

export interface InspectionPlan {
  projects: PlannedProject[];
  /** Due URLs left for later ticks (a lower bound: at most one equal share is counted past each allocation). */
  deferred: number;
  /** Due URLs of organizations without credits. */
  skippedNoCredits: number;
}

type Candidate = Omit<PlannedProject, "allocation"> & {
  creditBalance: number;
  /** Due and queued URLs counted, up to `countedTo`; `demand < countedTo` means that is all of them. */
  demand: number;
  countedTo: number;
};

/**
 * Splits one tick's budget fairly: first between organizations, then between each organization's
 * projects, by water-filling (whoever needs less than an equal share gets all of it; the rest share
 * what is left). So a project with 10 due URLs is served in the first tick while another has 100,000.
 * Demand is counted along the (project, due time) index only up to an equal share, then, for the few
 * projects whose share turns out larger, up to that share: the counting never exceeds a few budgets.
 */
export async function planInspections(budget: number, now: Date): Promise<InspectionPlan> {
  const eligible = await db.$queryRaw<{ n: bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM projects p WHERE ${ELIGIBLE}`);
  const projectCount = Number(eligible[0]?.n ?? 0);
  if (!projectCount || budget <= 0) return { projects: [], deferred: 0, skippedNoCredits: 0 };
  const all = await countDemand(Math.ceil(budget / projectCount) + 1, now);
  const funded = all.filter((c) => c.demand > 0 && c.creditBalance > 0);
  const skippedNoCredits = all.filter((c) => c.creditBalance <= 0).reduce((s, c) => s + c.demand, 0);

  let shares = allocate(funded, budget);
  for (let round = 0; round < 3; round++) {
    const short = funded.filter((c, i) => c.demand >= c.countedTo && shares[i] >= c.countedTo);
    if (!short.length) break;
    const recounted = await recountDemand(short.map((c) => ({ projectId: c.projectId, cap: shares[funded.indexOf(c)] + 1 })), now);
    for (const c of short) Object.assign(c, recounted.get(c.projectId));
    shares = allocate(funded, budget);
  }

  const projects: PlannedProject[] = [];
  const beyond: { projectId: string; from: number }[] = [];
  let deferred = 0;
  funded.forEach((c, i) => {
    if (c.demand >= c.countedTo && shares[i] >= c.demand) beyond.push({ projectId: c.projectId, from: shares[i] });
    else deferred += Math.max(0, c.demand - shares[i]);
    if (shares[i] > 0) {
      const { creditBalance: _b, demand: _d, countedTo: _c, ...project } = c;
      projects.push({ ...project, allocation: shares[i] });
    }
  });
  deferred += await countBeyond(beyond, Math.ceil(budget / projectCount) + 1, now);
  return { projects, deferred, skippedNoCredits };
}

/** Shares per candidate (in order): organizations first, capped by their balance, then their projects. */
function allocate(candidates: Candidate[], budget: number): number[] {
  const orgs = new Map<string, number[]>();
  candidates.forEach((c, i) => orgs.set(c.organizationId, [...(orgs.get(c.organizationId) ?? []), i]));
  const demandOf = (c: Candidate) => (c.demand >= c.countedTo ? Infinity : c.demand);
  const groups = [...orgs.values()];
  const orgShares = waterfill(groups.map((ids) => Math.min(candidates[ids[0]].creditBalance, ids.reduce((s, i) => s + demandOf(candidates[i]), 0))), budget);
  const out = candidates.map(() => 0);
  groups.forEach((ids, g) => waterfill(ids.map((i) => demandOf(candidates[i])), orgShares[g]).forEach((share, k) => (out[ids[k]] = share)));
  return out;
}

/** Whole-number water-filling of `budget` over demands (Infinity = takes whatever is left). */
export function waterfill(demands: number[], budget: number): number[] {
  const out = demands.map(() => 0);
  let left = Math.floor(budget);
  let open = demands.map((_, i) => i).filter((i) => demands[i] > 0);
  while (left > 0 && open.length) {
    const share = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      const give = Math.min(share, demands[i] - out[i], left);
      out[i] += give;
      left -= give;
      if (left === 0) break;
    }
    open = open.filter((i) => out[i] < demands[i]);
  }
  return out;
}

const ELIGIBLE = Prisma.sql`p.status = 'active' AND p.deleted_at IS NULL
  AND (p.automated_inspections_enabled OR EXISTS (SELECT 1 FROM inspection_requests r WHERE r.project_id = p.id))`;

const DUE = (now: Date) => Prisma.sql`t.next_inspection_at IS NOT NULL AND t.next_inspection_at <= ${now}
  AND NOT EXISTS (SELECT 1 FROM inspection_claims c WHERE c.tracked_url_id = t.id AND c.leased_until > ${now})`;

/** Due URLs past each project's allocation, counted up to `cap` more each (so the report says what waits, cheaply). */
async function countBeyond(items: { projectId: string; from: number }[], cap: number, now: Date): Promise<number> {
  if (!items.length) return 0;
  const [row] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT coalesce(sum((SELECT count(*) FROM (
             SELECT 1 FROM tracked_urls t WHERE t.project_id = v.id AND ${DUE(now)} ORDER BY t.next_inspection_at OFFSET v.skip LIMIT ${cap}) x)), 0)::int AS n
    FROM jsonb_to_recordset(${JSON.stringify(items.map((i) => ({ id: i.projectId, skip: i.from })))}::jsonb) AS v(id uuid, skip int)`);
  return row.n;
}

/** Queued URLs, then (with automation on) due URLs of project `p`, counted up to `cap` each. */
const demandOf = (cap: Prisma.Sql, now: Date) => Prisma.sql`(SELECT count(*) FROM (
    (SELECT 1 FROM inspection_requests r WHERE r.project_id = p.id LIMIT ${cap})
    UNION ALL
    (SELECT 1 FROM tracked_urls t WHERE p.automated_inspections_enabled AND t.project_id = p.id AND ${DUE(now)} LIMIT ${cap})
  ) d)`;

async function countDemand(cap: number, now: Date): Promise<Candidate[]> {
  const rows = await db.$queryRaw<(Omit<Candidate, "demand" | "countedTo"> & { demand: bigint })[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId",
           p.automated_inspections_enabled AS "automatedInspectionsEnabled", p.inspection_cadence::text AS "inspectionCadence",
           o.credit_balance AS "creditBalance", ${demandOf(Prisma.sql`${cap}`, now)} AS demand
    FROM projects p JOIN organizations o ON o.id = p.organization_id AND o.deleted_at IS NULL
    WHERE ${ELIGIBLE}
    ORDER BY p.organization_id, p.id`);
  return rows.map((r) => ({ ...r, demand: Math.min(Number(r.demand), cap), countedTo: cap }));
}

async function recountDemand(items: { projectId: string; cap: number }[], now: Date): Promise<Map<string, { demand: number; countedTo: number }>> {
  const rows = await db.$queryRaw<{ id: string; demand: bigint; cap: number }[]>(Prisma.sql`
    SELECT p.id::text AS id, v.cap, ${demandOf(Prisma.sql`v.cap`, now)} AS demand
    FROM jsonb_to_recordset(${JSON.stringify(items.map((i) => ({ id: i.projectId, cap: i.cap })))}::jsonb) AS v(id uuid, cap int)
    JOIN projects p ON p.id = v.id`);
  return new Map(rows.map((r) => [r.id, { demand: Math.min(Number(r.demand), r.cap), countedTo: r.cap }]));
}

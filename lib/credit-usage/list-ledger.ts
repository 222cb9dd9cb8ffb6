import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { iso } from "@/lib/core/iso";
import { pageMeta } from "@/lib/core/pagination";
import { LedgerEntry, type LedgerQuery } from "./schemas";

type Row = {
  id: string; kind: LedgerEntry["kind"]; amount: number; balance_after: number; created_at: Date; reference: string | null; metadata: Record<string, unknown> | null;
  actor_user_id: string | null; email: string | null; project_id: string | null; name: string | null; domain: string | null; deleted_at: Date | null;
  url_id: string | null; url: string | null;
};

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const num = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

/** URLs an entry paid for: metadata.urls, else (an inspection costs one credit per URL) the amount debited. */
function urlsOf(kind: LedgerEntry["kind"], metadata: Record<string, unknown>, amount: number): number | null {
  if (kind === "inspection") return metadata.source === "inspect_now" ? 1 : num(metadata.urls) ?? Math.abs(amount);
  return num(metadata.urls);
}

/** What moved the credits, in words, from the entry's kind, reference and metadata (as the writers of lib/credits set them). */
export function describeEntry(kind: LedgerEntry["kind"], reference: string | null, metadata: Record<string, unknown>, amount = 0): string {
  const urls = urlsOf(kind, metadata, amount);
  const n = (k: number | null, one: string, many: string) => `${(k ?? 0).toLocaleString("en-US")} ${k === 1 ? one : many}`;
  switch (kind) {
    case "grant":
      return reference === "signup" ? "Free credits with the new account" : reference === "cli" ? "Credits granted by an operator" : "Credits added";
    case "sitemap_admission":
      return `Sitemap sync: ${n(urls, "new URL", "new URLs")} admitted`;
    case "inspection": {
      if (metadata.source === "inspect_now") return "Inspect now: one URL";
      const requested = num(metadata.requested) ?? 0;
      const scheduled = num(metadata.scheduled) ?? (urls ?? 0) - requested;
      const parts = [scheduled ? `${scheduled.toLocaleString("en-US")} scheduled` : "", requested ? `${requested.toLocaleString("en-US")} “check again”` : ""].filter(Boolean);
      return `Inspections: ${n(urls, "URL", "URLs")}${parts.length ? ` (${parts.join(", ")})` : ""}`;
    }
    case "render":
      return metadata.source === "sample" ? "Weekly render sample: one URL" : "Render now: one URL";
    case "refund":
      return "Refund";
    default:
      return "Balance adjustment";
  }
}

/**
 * GET O/credits/ledger: the organization's ledger entries, newest first (then the later written: entries of one transaction
 * share their time, and the balance after each runs from one to the next), with the project each was spent on
 * (metadata.projectId, a project of this organization), the URL of an inspect-now, and who caused it. Exact total.
 */
export async function listLedger(ctx: OrgCtx, query: LedgerQuery) {
  const org = ctx.org.id;
  const kind = query.kind ?? null;
  const [{ total }] = await sqlRows<{ total: number }>(Prisma.sql`
    SELECT count(*)::int AS total FROM credit_ledger_entries
    WHERE organization_id = ${org}::uuid AND (${kind}::text IS NULL OR kind::text = ${kind}::text)`);
  // The page is chosen on the ledger alone (its (organization_id, created_at) index, walked backwards), then joined: an
  // offset deep in the ledger never joins the rows it skips.
  const rows = query.offset >= total ? [] : await sqlRows<Row>(Prisma.sql`
    SELECT e.id::text AS id, e.kind::text AS kind, e.amount, e.balance_after, e.created_at, e.reference, e.metadata,
           e.actor_user_id::text AS actor_user_id, u.email, p.id::text AS project_id, p.name, p.domain, p.deleted_at, t.id::text AS url_id, t.url
    FROM (
      SELECT * FROM credit_ledger_entries
      WHERE organization_id = ${org}::uuid AND (${kind}::text IS NULL OR kind::text = ${kind}::text)
      ORDER BY created_at DESC, seq DESC
      OFFSET ${query.offset} LIMIT ${query.limit}
    ) e
    LEFT JOIN users u ON u.id = e.actor_user_id
    LEFT JOIN projects p ON p.organization_id = e.organization_id AND p.id::text = e.metadata->>'projectId'
    LEFT JOIN tracked_urls t ON ((e.kind = 'inspection' AND e.metadata->>'source' = 'inspect_now') OR e.kind = 'render') AND t.project_id = p.id
      AND t.id = CASE WHEN e.reference ~ ${UUID} THEN e.reference::uuid END
    ORDER BY e.created_at DESC, e.seq DESC`);
  const data = rows.map((r) => {
    const metadata = r.metadata && typeof r.metadata === "object" ? r.metadata : {};
    return LedgerEntry.parse({
      id: r.id, kind: r.kind, amount: r.amount, balanceAfter: r.balance_after, createdAt: iso(r.created_at),
      description: describeEntry(r.kind, r.reference, metadata, r.amount),
      project: r.project_id ? { id: r.project_id, name: r.name, domain: r.domain, deleted: r.deleted_at !== null } : null,
      url: r.url_id ? { id: r.url_id, url: r.url } : null,
      actor: r.actor_user_id ? { userId: r.actor_user_id, email: r.email } : null,
      urls: urlsOf(r.kind, metadata, r.amount),
    });
  });
  return { data, meta: pageMeta(total, query) };
}

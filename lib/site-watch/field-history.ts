import crypto from "node:crypto";
import type { Ctx } from "@/lib/core/context";
import { db, dbOf, Prisma } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";

// Every audit remembers what it saw, field by field: the latest value of each field per URL
// (url_field_snapshots) and one row per field that changed (url_field_changes). An unchanged audit
// writes nothing; the first audit of a URL writes its baseline only.

export const WATCHED_FIELDS = [
  "status", "redirect_target", "canonical", "meta_robots", "x_robots_tag", "title", "meta_description", "h1",
  "hreflang", "structured_data_types", "main_text_hash", "word_count", "internal_links",
] as const;
export type WatchedField = (typeof WATCHED_FIELDS)[number];
/**
 * Fields the snapshot keeps for the diagnosis but the history does not watch: a SimHash moves whenever the main text
 * does, which main_text_hash already records, and its 16 hex characters say nothing to a person. No change row, so
 * no site change and no line in the URL's history.
 */
export const SNAPSHOT_ONLY_FIELDS = ["simhash"] as const;
type SnapshotOnlyField = (typeof SNAPSHOT_ONLY_FIELDS)[number];
/** Site-level fields a site change may be about beside the URL fields. */
export type SiteField = WatchedField | "sitemap_url_count";

/** Longest value kept; a longer one keeps its first 1,024 characters and the SHA-256 of the whole, so a change past the cut still shows. */
export const MAX_VALUE_CHARS = 1024;
/** Field changes kept per URL (the newest), and for how long. */
export const MAX_CHANGES_PER_URL = 100;
export const FIELD_CHANGE_RETENTION_DAYS = 400;

export type FieldValues = Partial<Record<WatchedField | SnapshotOnlyField, string | null>>;

/** The fields an outcome decides (a field it could not tell is left out: the stored value stays). */
export function fieldValuesOf(o: AuditOutcome): FieldValues {
  const v: FieldValues = {};
  if (o.httpStatus !== undefined) v.status = o.httpStatus === null ? null : String(o.httpStatus);
  if (o.redirectTarget !== undefined) v.redirect_target = o.redirectTarget;
  if (o.canonicalUrl !== undefined) v.canonical = o.canonicalUrl;
  if (o.metaRobots !== undefined) v.meta_robots = o.metaRobots;
  if (o.xRobotsTag !== undefined) v.x_robots_tag = o.xRobotsTag;
  const f = o.fields;
  if (f) {
    v.title = f.title;
    v.meta_description = f.metaDescription;
    v.h1 = f.h1;
    v.hreflang = f.hreflang.length ? f.hreflang.join("\n") : null;
    v.structured_data_types = f.structuredDataTypes.length ? f.structuredDataTypes.join(", ") : null;
    v.main_text_hash = f.mainTextHash;
    v.simhash = f.simhash;
    v.word_count = String(f.wordCount);
    v.internal_links = String(f.internalLinks);
  }
  return v;
}

/** A value as stored and compared: at most MAX_VALUE_CHARS, plus the hash of the whole when cut. */
export function bounded(value: string | null): string | null {
  if (value === null || value.length <= MAX_VALUE_CHARS) return value;
  const digest = crypto.createHash("sha256").update(value).digest("hex").slice(0, 16);
  return `${value.slice(0, MAX_VALUE_CHARS)}… [${value.length} chars, sha256 ${digest}]`;
}

const TEXT_FIELDS = new Set<string>(["title", "meta_description", "h1"]);
const SET_FIELDS = new Set<string>(["hreflang", "structured_data_types"]);

function isHome(u: URL): boolean {
  return (u.pathname === "/" || u.pathname === "") && !u.search;
}

function targetKind(value: string, pageUrl: string, field: "canonical" | "redirect_target"): string {
  let target: URL;
  let page: URL;
  try {
    target = new URL(value);
    page = new URL(pageUrl);
  } catch {
    return "invalid";
  }
  if (field === "canonical" && target.href === page.href) return "self";
  if (target.hostname !== page.hostname) return "other_host";
  if (isHome(target) && !isHome(page)) return "home";
  return field === "canonical" ? "other" : "same_host";
}

/** The normalised kind of one value: what site changes group on ("canonical now points to the home page": self → home). */
export function kindOf(field: string, value: string | null, pageUrl: string): string {
  switch (field) {
    case "status":
      return value ?? "none";
    case "canonical":
    case "redirect_target":
      return value ? targetKind(value, pageUrl, field) : "none";
    case "meta_robots":
    case "x_robots_tag":
      if (!value) return "indexable";
      if (/(^|[\s,:])(noindex|none)($|[\s,])/i.test(value)) return "noindex";
      return /(^|[\s,:])nofollow($|[\s,])/i.test(value) ? "nofollow" : "indexable";
    case "word_count":
      return value === "0" || !value ? "empty" : "present";
    case "internal_links":
      return value === "0" || !value ? "none" : "present";
    default:
      if (SET_FIELDS.has(field)) return value ? "present" : "none";
      return value && value.trim() ? "present" : "empty";
  }
}

/** Digits say nothing about a template: "Updated 12:01" and "Updated 12:02" are the same kind of value. */
const shape = (v: string | null) => (v ?? "").replace(/\d+/g, "#").trim();

/**
 * The kinds of one change. Equal kinds are noise to site changes (a page whose title holds a timestamp
 * changes on every fetch); text and sets that really changed (beyond digits) read `present → changed`.
 */
export function changeKinds(field: string, from: string | null, to: string | null, pageUrl: string): { fromKind: string; toKind: string } {
  const fromKind = kindOf(field, from, pageUrl);
  let toKind = kindOf(field, to, pageUrl);
  if (fromKind === toKind && fromKind === "present" && (TEXT_FIELDS.has(field) || SET_FIELDS.has(field)) && shape(from) !== shape(to)) toKind = "changed";
  return { fromKind, toKind };
}

export interface FieldObservation {
  trackedUrlId: string;
  url: string;
  values: FieldValues;
  /** The audit (url_history row) that saw them. */
  auditId: string | null;
  source: "audit" | "sentinel";
}

export interface FieldChangeRow {
  trackedUrlId: string;
  url: string;
  field: WatchedField;
  from: string | null;
  to: string | null;
  fromKind: string;
  toKind: string;
  source: "audit" | "sentinel";
  auditId: string | null;
}

/**
 * Compares each observation with the URL's snapshot in the caller's transaction: changed fields become
 * change rows, the snapshot takes the new values. Set-based: at most four statements per batch.
 */
export async function recordFieldChanges(ctx: Ctx, p: { organizationId: string; projectId: string }, items: FieldObservation[], now: Date): Promise<FieldChangeRow[]> {
  const tx = dbOf(ctx);
  const observed = items.filter((i) => Object.keys(i.values).length > 0);
  if (!observed.length) return [];
  const ids = observed.map((i) => i.trackedUrlId);
  const stored = await tx.$queryRaw<{ id: string; fields: Record<string, string | null> }[]>(Prisma.sql`
    SELECT tracked_url_id::text AS id, fields FROM url_field_snapshots
    WHERE tracked_url_id = ANY(string_to_array(${ids.join(",")}, ',')::uuid[])`);
  const before = new Map(stored.map((s) => [s.id, s.fields]));
  const snapshots: { id: string; fields: Record<string, string | null> }[] = [];
  const changes: FieldChangeRow[] = [];
  for (const item of observed) {
    const prev = before.get(item.trackedUrlId);
    const next: Record<string, string | null> = { ...(prev ?? {}) };
    let dirty = !prev;
    for (const field of WATCHED_FIELDS) {
      const raw = item.values[field];
      if (raw === undefined) continue;
      const value = bounded(raw);
      if (prev && field in prev) {
        if (prev[field] === value) continue;
        changes.push({ trackedUrlId: item.trackedUrlId, url: item.url, field, from: prev[field], to: value, ...changeKinds(field, prev[field], value, item.url), source: item.source, auditId: item.auditId });
      }
      next[field] = value;
      dirty = true;
    }
    for (const field of SNAPSHOT_ONLY_FIELDS) {
      const value = item.values[field];
      if (value === undefined || (prev && prev[field] === value) || (prev && !(field in prev) && value === null)) continue;
      next[field] = value;
      dirty = true;
    }
    if (dirty) snapshots.push({ id: item.trackedUrlId, fields: next });
  }
  if (snapshots.length) {
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO url_field_snapshots (tracked_url_id, project_id, fields, observed_at)
      SELECT v.id, ${p.projectId}::uuid, v.fields, ${now} FROM jsonb_to_recordset(${JSON.stringify(snapshots)}::jsonb) AS v(id uuid, fields jsonb)
      ON CONFLICT (tracked_url_id) DO UPDATE SET fields = EXCLUDED.fields, observed_at = EXCLUDED.observed_at`);
  }
  if (changes.length) {
    const rows = changes.map((c) => ({ id: c.trackedUrlId, field: c.field, f: c.from, t: c.to, fk: c.fromKind, tk: c.toKind, s: c.source, a: c.auditId }));
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO url_field_changes (id, organization_id, project_id, tracked_url_id, observed_at, field, from_value, to_value, from_kind, to_kind, source, audit_id)
      SELECT gen_random_uuid(), ${p.organizationId}::uuid, ${p.projectId}::uuid, v.id, ${now}, v.field, v.f, v.t, v.fk, v.tk, v.s, v.a
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, field text, f text, t text, fk text, tk text, s text, a uuid)`);
    // Bounded per URL: only the newest MAX_CHANGES_PER_URL stay (a page that changes on every fetch cannot grow without end).
    const changedIds = [...new Set(changes.map((c) => c.trackedUrlId))];
    await tx.$executeRaw(Prisma.sql`
      DELETE FROM url_field_changes WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY tracked_url_id ORDER BY observed_at DESC, id DESC) AS n
          FROM url_field_changes WHERE tracked_url_id = ANY(string_to_array(${changedIds.join(",")}, ',')::uuid[])
        ) ranked WHERE n > ${MAX_CHANGES_PER_URL})`);
  }
  return changes;
}

/** One chunk (10,000) of field changes older than the retention; the daily URL history purge calls it until less comes back. */
export async function purgeFieldChanges(startedAt: Date): Promise<number> {
  const cutoff = new Date(startedAt.getTime() - FIELD_CHANGE_RETENTION_DAYS * 86_400_000);
  return db.$executeRaw(Prisma.sql`
    DELETE FROM url_field_changes WHERE id IN (SELECT id FROM url_field_changes WHERE observed_at < ${cutoff} ORDER BY observed_at LIMIT 10000)`);
}

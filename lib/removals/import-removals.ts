import { dbOf, Prisma, type RemovalIntent } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { classifyImportRows } from "@/lib/imports/classify-import-rows";
import type { ImportUpload } from "@/lib/imports/create-import-preview";
import { parseImportFile } from "@/lib/imports/parse-import-file";
import { importRowReasonText } from "@/lib/imports/row-reasons";
import { MAX_ROW_ERROR_VALUE, MAX_ROW_ERRORS } from "@/lib/imports/schemas";
import { getProjectOrThrow } from "@/lib/projects/internal";
import {
  activeRemovalsOf, batchResponses, declarationWarnings, insertBatches, redirectTargetOf, type BatchPlan, type DeclaredUrl,
} from "./insert-batches";
import { DEFAULT_STUCK_AFTER_DAYS, MAX_REMOVAL_URLS, REMOVAL_INTENTS, type RemovalImportQuery, type RemovalImportResponse } from "./schemas";

// Declaring removals from a file (CSV or plain text), read by the URL imports' parser under their limits. Each row is
// a URL, optionally with its intent and redirect target; rows that cannot be declared are counted and listed with
// the reason in words, and the rest are declared, one batch per intent, all or nothing. A preview writes nothing.

/** Words an intent cell may hold, beside the intents themselves. */
const INTENT_WORDS: Record<string, RemovalIntent> = {
  ...Object.fromEntries(REMOVAL_INTENTS.map((i) => [i, i])), "404": "gone", "410": "gone", redirect: "redirected", "301": "redirected",
  "308": "redirected", noindex: "noindexed", robots: "blocked",
};
/** Header labels (lowercased, letters and digits only) naming each column; the URL is the first column otherwise. */
const HEADERS = {
  url: ["url", "urls", "loc", "address", "page", "pageurl", "oldurl", "sourceurl", "from"],
  intent: ["intent", "removalintent", "removal", "action"],
  redirectTarget: ["redirecttarget", "target", "targeturl", "redirectto", "redirect", "newurl", "destination", "to"],
} as const;

const REASONS: Record<string, string> = {
  off_host: "The URL is on another host: only the project's own URLs can be removed (www. or another subdomain is another host).",
  duplicate: "The URL repeats an earlier row of the file.",
  untracked: "The project does not track this URL: only tracked URLs can be followed to their removal (add it on the URLs page first).",
  already_in_removal: "The URL is already in an active removal: cancel that one first to declare it again.",
  invalid_intent: "The intent is not one of gone (404/410), redirected, noindexed or blocked.",
  missing_intent: "The row gives no intent, and none was chosen for the whole file.",
  invalid_redirect_target: "The redirect target is not a full http(s) URL that could be fetched.",
  redirect_target_without_redirected: "A redirect target goes with the intent redirected only.",
  redirect_to_itself: "The redirect target is the URL itself.",
};
const reasonText = (reason: string) => REASONS[reason] ?? importRowReasonText(reason);

type Skipped = { line: number; reason: string; value?: string };
type Candidate = { line: number; url: string; intent: RemovalIntent; target: string | null };

/** Reads the file, sorts its rows and (unless `preview`) declares what can be, one batch per intent. */
export async function importRemovals(ctx: OrgCtx, projectId: string, upload: ImportUpload, q: RemovalImportQuery, now = new Date()): Promise<RemovalImportResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const fileTarget = q.redirectTarget === undefined ? null : redirectTargetOf(q.redirectTarget);
  if (fileTarget && !fileTarget.ok) {
    throw validationError("The redirect target is not a valid http(s) URL", [{ path: "redirectTarget", message: `Invalid URL (${fileTarget.reason})`, code: "invalid_url" }]);
  }
  const parsed = parseImportFile(upload.bytes, upload.format, { columns: true });
  if (!parsed.rows.length) throw validationError("The file holds no URL rows", [{ path: "file", message: "No data rows", code: "too_small" }]);
  const cols = columnsOf(parsed.header, upload.format === "csv");
  const cells = cols.url === 0 ? parsed.rows : parsed.rows.map((r) => ({ ...r, value: r.fields?.[cols.url] ?? "" }));
  const sorted = classifyImportRows(cells, project.domain);

  const skipped: Skipped[] = [];
  const counts: Record<string, number> = { ...sorted.invalidByReason };
  const skip = (line: number, reason: string, value?: string) => {
    counts[reason] = (counts[reason] ?? 0) + 1;
    if (skipped.length < MAX_ROW_ERRORS) skipped.push({ line, reason, ...(value === undefined ? {} : { value: value.slice(0, MAX_ROW_ERROR_VALUE).replaceAll("\u0000", "\ufffd") }) });
  };
  skipped.push(...sorted.rowErrors);
  const byLine = new Map(cells.map((r) => [r.line, r]));
  if (sorted.duplicateInFileRows) counts.duplicate = sorted.duplicateInFileRows;
  for (const d of sorted.duplicates) skipped.push({ line: d.line, reason: "duplicate", value: `${byLine.get(d.line)?.value ?? ""} (line ${d.firstLine})` });

  // Each unique URL's intent and target: its own cells, else the file's.
  const candidates: Candidate[] = [];
  for (const { line, url } of sorted.unique) {
    const fields = byLine.get(line)?.fields ?? [];
    const intentCell = cols.intent === null ? "" : (fields[cols.intent] ?? "");
    const targetCell = cols.redirectTarget === null ? "" : (fields[cols.redirectTarget] ?? "");
    const intent = intentCell ? INTENT_WORDS[intentCell.toLowerCase()] : q.intent;
    if (!intent) { skip(line, intentCell ? "invalid_intent" : "missing_intent", intentCell || url); continue; }
    let target: string | null = intent === "redirected" && fileTarget?.ok ? fileTarget.url : null;
    if (targetCell) {
      if (intent !== "redirected") { skip(line, "redirect_target_without_redirected", `${url} → ${targetCell}`); continue; }
      const t = redirectTargetOf(targetCell);
      if (!t.ok) { skip(line, "invalid_redirect_target", targetCell); continue; }
      target = t.url;
    }
    if (target === url) { skip(line, "redirect_to_itself", url); continue; }
    candidates.push({ line, url, intent, target });
  }

  // What the project tracks, and what is already being removed.
  const tracked = candidates.length ? await dbOf(ctx).$queryRaw<{ id: string; url: string; in_sitemap: boolean }[]>(Prisma.sql`
    SELECT t.id::text AS id, t.url, (t.last_seen_in_sitemap_at IS NOT NULL AND t.stale_at IS NULL) AS in_sitemap
    FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.url = ANY(${candidates.map((c) => c.url)}::text[])`) : [];
  const byUrl = new Map(tracked.map((t) => [t.url, t]));
  const busy = new Set((await activeRemovalsOf(ctx, tracked.map((t) => t.id))).map((b) => b.tracked_url_id));
  const plans = new Map<RemovalIntent, DeclaredUrl[]>();
  for (const c of candidates) {
    const t = byUrl.get(c.url);
    if (!t) { skip(c.line, "untracked", c.url); continue; }
    if (busy.has(t.id)) { skip(c.line, "already_in_removal", c.url); continue; }
    const list = plans.get(c.intent) ?? [];
    list.push({ id: t.id, url: t.url, inSitemap: t.in_sitemap, redirectTarget: c.target });
    plans.set(c.intent, list);
  }

  const batches: BatchPlan[] = REMOVAL_INTENTS.filter((i) => plans.has(i)).map((intent) => {
    const urls = plans.get(intent)!;
    const targets = new Set(urls.map((u) => u.redirectTarget));
    return { intent, urls, redirectTarget: targets.size === 1 ? [...targets][0] : null, stuckAfterDays: q.stuckAfterDays ?? DEFAULT_STUCK_AFTER_DAYS };
  });
  const declaredRows = batches.reduce((n, b) => n + b.urls.length, 0);
  if (declaredRows > MAX_REMOVAL_URLS) {
    throw validationError(`The file would declare ${declaredRows.toLocaleString("en-US")} URLs; at most ${MAX_REMOVAL_URLS.toLocaleString("en-US")} per import: split it`, [
      { path: "file", message: `At most ${MAX_REMOVAL_URLS} URLs per removal import`, code: "too_big" },
    ]);
  }
  const skippedByReason = Object.entries(counts).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, count]) => ({ reason, count, message: reasonText(reason) }));
  if (!q.preview && !declaredRows) {
    throw new DomainError("VALIDATION_ERROR", "Nothing to declare: every row of the file was left out", {
      errors: [{ path: "file", message: "No row can be declared", code: "nothing_to_declare" }], skippedByReason,
    });
  }

  const created = q.preview || !declaredRows ? [] : await insertBatches(ctx, project, batches, now);
  return {
    preview: q.preview, fileName: upload.fileName, headerDetected: parsed.headerDetected,
    columns: { url: cols.label(cols.url), intent: cols.intent === null ? null : cols.label(cols.intent), redirectTarget: cols.redirectTarget === null ? null : cols.label(cols.redirectTarget) },
    totalRows: sorted.totalRows, declaredRows, skippedRows: sorted.totalRows - declaredRows,
    intents: batches.map((b) => ({
      intent: b.intent, urls: b.urls.length, redirectTarget: b.redirectTarget,
      ownRedirectTargets: b.redirectTarget === null ? b.urls.filter((u) => u.redirectTarget !== null).length : 0,
    })),
    skippedByReason,
    skipped: skipped.sort((a, b) => a.line - b.line).slice(0, MAX_ROW_ERRORS).map((s) => ({ ...s, message: reasonText(s.reason) })),
    warnings: declarationWarnings(project, batches),
    removals: created.length ? await batchResponses(ctx, project, created) : [],
  };
}

/** Which cell holds what: by the header's labels, else url, intent, redirect target in this order (text: the URL only). */
function columnsOf(header: string[] | undefined, csv: boolean) {
  const label = (i: number) => header?.[i] || `column ${i + 1}`;
  if (!csv) return { url: 0, intent: null, redirectTarget: null, label };
  if (!header) return { url: 0, intent: 1, redirectTarget: 2, label };
  const keys = header.map((h) => h.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ""));
  const find = (names: readonly string[], not: number[] = []) => {
    const i = keys.findIndex((k, at) => !not.includes(at) && names.includes(k));
    return i === -1 ? null : i;
  };
  const url = find(HEADERS.url) ?? 0;
  const intent = find(HEADERS.intent, [url]);
  const redirectTarget = find(HEADERS.redirectTarget, [url, ...(intent === null ? [] : [intent])]);
  return { url, intent, redirectTarget, label };
}

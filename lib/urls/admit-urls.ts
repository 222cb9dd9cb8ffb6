import { dbOf } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { validationError, type ValidationIssue } from "@/lib/core/errors";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { isOnHost, normalizeUrl } from "./normalize-url";
import { AdmitUrlsResponse } from "./schemas";
import { insertTrackedUrls } from "./insert-tracked-urls";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";

const REASONS: Record<string, string> = {
  empty: "The URL is empty",
  too_long: "The URL is longer than 2048 characters",
  invalid_url: "Not an absolute URL",
  unsupported_scheme: "Only http and https URLs can be tracked",
  missing_host: "The URL has no host",
  credentials_in_url: "URLs with a user name or password are not accepted",
  nul_byte: "The URL contains a NUL character",
};

/**
 * Manual admission (SPEC.md rule 1): normalize every URL (one invalid URL rejects the batch and writes
 * nothing), keep those on the project's host, drop in-batch duplicates and tracked URLs, insert the rest
 * as `manual` without credits. skipped = everything sent that was not inserted.
 */
export async function admitUrls({ ctx, projectId, urls, now = new Date() }: { ctx: OrgCtx; projectId: string; urls: string[]; now?: Date }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const errors: ValidationIssue[] = [];
  const unique = new Map<string, string>();
  urls.forEach((raw, i) => {
    const n = normalizeUrl(raw);
    if (!n.ok) errors.push({ path: `urls.${i}`, code: n.reason, message: REASONS[n.reason] ?? "Invalid URL" });
    else if (!unique.has(n.url)) unique.set(n.url, n.host);
  });
  if (errors.length) throw validationError(`${errors.length} of ${urls.length} URLs are invalid; nothing was admitted`, errors);

  const onHost: string[] = [];
  const skippedOffHost: { url: string; reason: "off_host" }[] = [];
  for (const [url, host] of unique) {
    if (isOnHost(host, project.domain)) onHost.push(url);
    else skippedOffHost.push({ url, reason: "off_host" });
  }
  const inserted = onHost.length ? await insertTrackedUrls(dbOf(ctx), { project, source: "manual", rows: { urls: onHost }, now }) : 0;
  if (inserted) await requestProjectSubmission(project.id, "urls_admitted");
  return AdmitUrlsResponse.parse({ inserted, skipped: urls.length - inserted, skippedOffHost });
}

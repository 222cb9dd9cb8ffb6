// OpenAPI registrations of the imports area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import {
  commitImportBody, importParams, listImportsQuery, uploadImportForm, uploadImportQuery, UrlImportResponse,
} from "@/lib/imports/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}/imports";
const tags = ["Imports"];

export const getProjectImportsOp = defineOperation({
  method: "GET", path: P, tags, scopes: R, params: projectParams, query: listImportsQuery, response: UrlImportResponse, paginated: true,
  summary: "List the project's URL imports",
  description: "Newest first. A `ready` preview past its `expiresAt` is shown as `expired`.",
});
export const postProjectImportsOp = defineOperation({
  method: "POST", path: P, tags, scopes: W, params: projectParams, query: uploadImportQuery,
  body: uploadImportForm, bodyContentType: "multipart/form-data", response: UrlImportResponse, created: true,
  summary: "Upload a CSV or text file of URLs for an import preview",
  description: [
    "Send the file as `multipart/form-data` in the field `file` (its filename is recorded; a `.txt` name or a `text/plain` part is read as text, anything else as CSV), "
      + "or as the raw body with `Content-Type: text/csv` or `text/plain` (name from `?fileName=`, default `upload.csv` / `upload.txt`). Other content types answer 415.",
    "Limits: 5 MiB of file content (413 PAYLOAD_TOO_LARGE) and 50,000 data rows (400 VALIDATION_ERROR). UTF-8; a byte order mark is ignored.",
    "CSV takes the first column (RFC 4180 quoting: commas, semicolons, quotes and line breaks inside quoted fields). The delimiter is `,`, or `;` / tab when the header row "
      + "separates its labels that way (`url;title`). Text takes one URL per line. "
      + "Blank rows are skipped and not counted. `line` in `rowErrors` is the 1-based physical line in the file.",
    "Header: the first non-blank row is skipped (`headerDetected: true`) when its first cell is a short label — a letter followed by up to 63 letters, digits, spaces, `_` or `-` (e.g. `url`, `Page URL`, `loc`). "
      + "A cell containing `:`, `/` or `.` is always data.",
    "Each data row is normalized as for manual admission; invalid rows (`invalid_url`, `unsupported_scheme`, `too_long`, `empty`, `missing_host`, `credentials_in_url`, `nul_byte`, or `off_host` when the host is not the project domain) "
      + "are listed in `rowErrors` (at most 1,000; the envelope `message` says when more exist). `duplicateInFileRows` counts valid rows repeating an earlier one, "
      + "`alreadyTrackedRows` valid unique URLs the project already tracks, `excludedRows` valid unique URLs the owner stopped tracking (POST …/urls/untrack; "
      + "listed in `rowErrors` with reason `excluded`, never imported: see GET …/url-exclusions), `netNewRows` the rest. "
      + "At commit, a URL excluded since the preview is skipped too (`skippedRows`).",
    "Nothing is tracked and no credit is spent until the preview is committed. The preview expires after 24 hours (`expiresAt`).",
  ].join("\n\n"),
});
export const getProjectImportOp = defineOperation({
  method: "GET", path: `${P}/{importId}`, tags, scopes: R, params: importParams, response: UrlImportResponse,
  summary: "Get an import: preview totals, row errors and commit progress",
});
export const postProjectImportCommitOp = defineOperation({
  method: "POST", path: `${P}/{importId}/commit`, tags, scopes: W, params: importParams, body: commitImportBody, response: UrlImportResponse,
  errors: ["IMPORT_EXPIRED", "IMPORT_STALE"],
  summary: "Commit an import preview",
  description: "`confirm` must be `true`. Answers the import in status `committing`; its net-new rows are rechecked and inserted in the background in chunks of 1,000 "
    + "(`processedRows`, `insertedRows`, `skippedRows` advance after each chunk; URLs tracked meanwhile are skipped), then the status becomes `completed` (or `failed` with `error`). "
    + "No credits are used. 409 IMPORT_EXPIRED when the preview is past `expiresAt` (it becomes `expired`); 409 IMPORT_STALE when the import is not `ready` "
    + "(already committing or committed, failed, cancelled or expired), including the loser of two concurrent commits.",
});

import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { projectParams } from "@/lib/projects/schemas";
import { RESPONSE_BODY_MAX_BYTES } from "./limits";

export const SUBMISSION_STATUSES = ["pending", "accepted", "rejected", "error", "submitted"] as const;

/** SPEC.md Submission (one IndexNow batch). */
export const SubmissionResponse = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  projectId: z.uuid(),
  engine: z.literal("indexnow"),
  urlCount: z.number().int().min(0),
  status: z.enum(SUBMISSION_STATUSES).describe(
    "accepted: 200; submitted: 202 (the key is still being validated); rejected: 400, 403 (key not valid) or 422; error: 429, 5xx, network error or timeout (retried later)",
  ),
  responseCode: z.number().int().nullable().describe("The endpoint's HTTP status; null when no answer arrived"),
  responseBody: z.string().nullable().describe(`The endpoint's answer, truncated to at most ${RESPONSE_BODY_MAX_BYTES} bytes (UTF-8)`),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type SubmissionResponse = z.infer<typeof SubmissionResponse>;

export const listSubmissionsQuery = paginationQuery;
export type ListSubmissionsQuery = z.infer<typeof listSubmissionsQuery>;

export const submissionParams = projectParams.extend({ submissionId: uuidParam });

/** GET …/submissions/{submissionId}: the batch, and until when its URLs are kept. */
export const SubmissionDetailResponse = SubmissionResponse.extend({
  urlsKeptUntil: z.string().describe("Per-URL detail is kept 90 days: after this time the batch's URL list is empty (the summary stays)"),
  urlsListed: z.number().int().min(0).describe("URLs of the batch still on record (0 once the detail is purged)"),
});
export type SubmissionDetailResponse = z.infer<typeof SubmissionDetailResponse>;

/** One URL of a batch, with the batch's answer and where the URL stands now. */
export const SubmissionUrlResponse = z.object({
  trackedUrlId: z.uuid(),
  url: z.string(),
  outcome: z.enum(SUBMISSION_STATUSES).describe("The batch's answer, which IndexNow gives for the batch as a whole"),
  tracked: z.boolean().describe("The URL is still tracked"),
  queued: z.boolean().describe("The URL waits to be sent (again): it changed since, or this batch failed and is retried"),
  lastSubmittedAt: z.string().nullable().describe("The URL's last delivered batch (accepted or submitted), this one or a later one"),
  engineAState: z.string().nullable().describe("Google's index state now (engineAState); null when no longer tracked"),
  engineBState: z.string().nullable().describe("Bing's index state now (engineBState); null when no longer tracked"),
});
export type SubmissionUrlResponse = z.infer<typeof SubmissionUrlResponse>;

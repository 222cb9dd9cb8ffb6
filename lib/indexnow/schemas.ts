import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
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

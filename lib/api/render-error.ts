import { ZodError } from "zod";
import { DomainError, type ValidationIssue } from "@/lib/core/errors";
import { errorBody, json } from "./envelope";
import { HTTP_STATUS } from "./errors";

function zodIssues(e: ZodError): ValidationIssue[] {
  return e.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

function prismaCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown })?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

/** Maps anything thrown by a handler to a DomainError; unknown errors are logged, never echoed. */
export function toDomainError(e: unknown, requestId: string): DomainError {
  if (e instanceof DomainError) return e;
  if (e instanceof ZodError) return new DomainError("VALIDATION_ERROR", "Request validation failed", { errors: zodIssues(e) });
  const pc = prismaCode(e);
  if (pc === "P2002") return new DomainError("CONFLICT", "A record with these values already exists");
  if (pc === "P2025") return new DomainError("NOT_FOUND", "Not found");
  console.error(`[api] request ${requestId} failed:`, e);
  return new DomainError("INTERNAL_ERROR", "Something went wrong on our side", { requestId });
}

/** The error envelope of a domain error, with its status from the one table and Retry-After from `meta.retryAfterSeconds`. */
export function errorResponse(err: DomainError, extraHeaders?: Record<string, string>): Response {
  const status = HTTP_STATUS[err.code];
  const retryAfter = err.meta?.retryAfterSeconds;
  const headers = typeof retryAfter === "number" ? { "retry-after": String(retryAfter), ...extraHeaders } : extraHeaders;
  return json(errorBody(err.code, status, err.message, err.meta), status, headers);
}

import { ZodError } from "zod";
import { ApiError, type ValidationIssue } from "./errors";

function zodIssues(e: ZodError): ValidationIssue[] {
  return e.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

function prismaCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown })?.code;
  return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
}

/** Maps anything thrown by a handler to an ApiError; unknown errors are logged, never echoed. */
export function toApiError(e: unknown, requestId: string): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof ZodError) return new ApiError("VALIDATION_ERROR", "Request validation failed", { errors: zodIssues(e) });
  const pc = prismaCode(e);
  if (pc === "P2002") return new ApiError("CONFLICT", "A record with these values already exists");
  if (pc === "P2025") return new ApiError("NOT_FOUND", "Not found");
  console.error(`[api] request ${requestId} failed:`, e);
  return new ApiError("INTERNAL_ERROR", "Something went wrong on our side", { requestId });
}

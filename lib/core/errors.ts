// Verbs and jobs throw DomainError: a stable public code and a message, never an HTTP status. The
// HTTP edge maps each code to its status (lib/api/render-error.ts); clients branch on codes.

export const ERROR_CODES = [
  "VALIDATION_ERROR", "OAUTH_STATE_INVALID", "OAUTH_CODE_INVALID", "ENGINE_KEY_INVALID",
  "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "NOT_FOUND", "METHOD_NOT_ALLOWED",
  "CONFLICT", "DOMAIN_ALREADY_EXISTS", "PROJECT_LIMIT_REACHED", "API_KEY_LIMIT_REACHED", "IMPORT_EXPIRED", "IMPORT_STALE",
  "OWNERSHIP_NOT_VERIFIED", "NO_TRACKED_URLS", "LOG_ALREADY_UPLOADED", "LAST_OWNER", "PROPERTY_NOT_COVERED", "ENGINE_SITE_NOT_VERIFIED",
  "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "SYNC_RATE_LIMITED", "RATE_LIMITED",
  "INTERNAL_ERROR", "UPSTREAM_ERROR", "INTEGRATION_NOT_CONFIGURED",
  "RENDERER_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ValidationIssue = { path: string; message: string; code: string };

/**
 * `meta` is public (it is rendered into the envelope): never put a secret or an exception's text in
 * it. `meta.retryAfterSeconds` becomes the Retry-After header at the edge.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function validationError(message: string, errors: ValidationIssue[]): DomainError {
  return new DomainError("VALIDATION_ERROR", message, { errors });
}

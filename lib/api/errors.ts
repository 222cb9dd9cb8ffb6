// The one table of public error codes and their HTTP statuses (DESIGN.md). Clients branch on codes.
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  OAUTH_STATE_INVALID: 400,
  OAUTH_CODE_INVALID: 400,
  ENGINE_KEY_INVALID: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  DOMAIN_ALREADY_EXISTS: 409,
  PROJECT_LIMIT_REACHED: 409,
  IMPORT_EXPIRED: 409,
  IMPORT_STALE: 409,
  OWNERSHIP_NOT_VERIFIED: 409,
  NO_TRACKED_URLS: 409,
  LAST_OWNER: 409,
  PROPERTY_NOT_COVERED: 409,
  ENGINE_SITE_NOT_VERIFIED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SYNC_RATE_LIMITED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UPSTREAM_ERROR: 502,
  INTEGRATION_NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ValidationIssue = { path: string; message: string; code: string };

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly meta?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_CODES[code];
  }
}

export function validationError(message: string, errors: ValidationIssue[]): ApiError {
  return new ApiError("VALIDATION_ERROR", message, { errors });
}

import type { ZodType } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import type { Scope } from "@/lib/auth/scopes";
import type { ErrorCode } from "@/lib/core/errors";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One endpoint, declared once: route() enforces it (credentials, scopes, permission, rate limit,
 * schemas) and the OpenAPI document describes it from the same object, so the two cannot disagree.
 */
export type OperationSpec = {
  method: Uppercase<HttpMethod>;
  /** OpenAPI path, e.g. "/api/user/organizations/{organizationId}/projects"; it must be the route file's path. */
  path: string;
  summary: string;
  tags: readonly string[];
  description?: string;
  /** "public": no credentials (SPEC.md's Auth group); []: any authenticated caller. */
  scopes: readonly Scope[] | "public";
  /** What the caller's role in the path's organization must allow (lib/auth/permissions.ts), on top of the scopes (403). */
  permission?: Permission;
  /** false: a public route that is never rate-limited (a liveness probe must not be refused). */
  rateLimit?: false;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** A body may be omitted (an empty body parses as {}). */
  optionalBody?: boolean;
  /** A JSON body larger than the default 1 MiB is accepted up to this many bytes (413 beyond). */
  maxBodyBytes?: number;
  /** The body is not JSON: route() does not read it; the handler reads `req` (e.g. an upload). */
  bodyContentType?: string;
  /** The `data` of the success envelope; omitted = no documented payload. */
  response?: ZodType;
  /** `data` is an array of `response` (no meta). */
  responseIsList?: boolean;
  /** `data` is an array of `response` plus `meta: PaginationMeta`. */
  paginated?: boolean;
  /** `response` is the whole body, not wrapped in the envelope (e.g. the OpenAPI document itself). */
  rawResponse?: boolean;
  /** The success body's media type when it is not JSON (e.g. "application/xml" for a raw sitemap); default application/json. */
  responseContentType?: string;
  /** The success answer is HTTP 201. */
  created?: boolean;
  /** Error codes beyond the ones every operation of its kind may answer. */
  errors?: readonly ErrorCode[];
  /** Further HTTP statuses that answer the same success envelope (status → description). */
  alsoReturns?: Record<number, string>;
};

export type Operation<S extends OperationSpec = OperationSpec> = S & { key: string };

const operations = new Map<string, Operation>();

/** An operation outside the registry: the API never serves or documents it (tests describe one with it). */
export function operationOf<const S extends OperationSpec>(spec: S): Operation<S> {
  const path = spec.path.replace(/\[([^\]]+)\]/g, "{$1}"); // Next's [id] is accepted too
  return { ...spec, path, key: `${spec.method.toLowerCase()} ${path}` };
}

/** Declares one endpoint (a module evaluated again, as in development, replaces its declarations). */
export function defineOperation<const S extends OperationSpec>(spec: S): Operation<S> {
  const op = operationOf(spec);
  operations.set(op.key, op);
  return op;
}

export function declaredOperations(): Operation[] {
  return [...operations.values()];
}

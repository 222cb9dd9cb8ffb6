import type { ZodType } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Scope } from "@/lib/auth/scopes";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type OperationSpec = {
  method: HttpMethod | Uppercase<HttpMethod>;
  /** OpenAPI path, e.g. "/api/user/organizations/{organizationId}/projects" (Next's [id] is accepted too). */
  path: string;
  summary: string;
  tags: string[];
  description?: string;
  /** "public" = no credentials; omitted = any authenticated caller. */
  scopes?: Scope[] | "public";
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** As route()'s optionalBody: an empty body is accepted. */
  optionalBody?: boolean;
  /** Defaults to application/json; the body schema then describes that media type. */
  bodyContentType?: string;
  /** The `data` of the success envelope; omitted = no documented payload. */
  response?: ZodType;
  /** `data` is an array of `response` (no meta). */
  responseIsList?: boolean;
  /** `data` is an array of `response` plus `meta: PaginationMeta`. */
  paginated?: boolean;
  /** `response` is the whole body, not wrapped in the envelope (e.g. the OpenAPI document itself). */
  rawResponse?: boolean;
  /** The success answer is HTTP 201. */
  created?: boolean;
  /** Error codes beyond the ones every operation of its kind may answer. */
  errors?: ErrorCode[];
  /** Further HTTP statuses that answer the same success envelope (status → description). */
  alsoReturns?: Record<number, string>;
};

export type Operation = Omit<OperationSpec, "method"> & { method: HttpMethod };

const operations = new Map<string, Operation>();

/** Declares one endpoint for the OpenAPI document; registering the same method and path again replaces it. */
export function registerOperation(spec: OperationSpec): void {
  const method = spec.method.toLowerCase() as HttpMethod;
  const path = spec.path.replace(/\[([^\]]+)\]/g, "{$1}");
  operations.set(`${method} ${path}`, { ...spec, method, path });
}

export function registeredOperations(): Operation[] {
  return [...operations.values()];
}

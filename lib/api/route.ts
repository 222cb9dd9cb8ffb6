import crypto from "node:crypto";
import { z, type ZodType } from "zod";
import { resolvePrincipal, type Principal } from "@/lib/auth/principal";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { missingScopes, type Scope } from "@/lib/auth/scopes";
import { actorFromPrincipal, type Ctx, type OrgCtx } from "./context";
import { errorResponse } from "./envelope";
import { ApiError } from "./errors";
import { readJson } from "./read-body";
import { assertNoNulInBody, assertNoNulInParams, assertNoNulInQuery } from "./reject-nul";
import { toApiError } from "./render-error";
import { resolveOrg } from "./resolve-org";
import { limitRequest, withRateLimitHeaders } from "@/lib/rate-limit/limit-request";
import { requirePermission, type Permission } from "@/lib/auth/permissions";

type Shape<T> = ZodType<T> | undefined;
type Out<S> = S extends ZodType<infer T> ? T : undefined;

type Options<P extends Shape<unknown>, Q extends Shape<unknown>, B extends Shape<unknown>> = {
  /** "public" skips authentication (SPEC.md's Auth group). */
  auth?: "required" | "public";
  scopes?: Scope[];
  params?: P;
  query?: Q;
  body?: B;
  /** A body may be omitted (an empty body parses as {}). */
  optionalBody?: boolean;
  /** false: a public route that is never rate-limited (a liveness probe must not be refused). */
  rateLimit?: false;
  /** What the caller's role in the path's organization must allow (lib/auth/permissions.ts), on top of the scopes (403). */
  permission?: Permission;
};

type Args<P, Q, B, Public extends boolean> = {
  req: Request;
  ctx: Public extends true ? { request: Ctx["request"] } : Ctx & { org?: OrgCtx["org"] };
  principal: Public extends true ? null : Principal;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The one wrapper every route handler goes through: authenticate (401), count the request (429), check
 * scopes (403), resolve the organization in the path (404) and what the caller's role there allows (403), refuse NUL characters (reject-nul.ts), parse
 * params/query/body with zod (400 / 404 for malformed ids), call the handler and render the
 * envelope; anything thrown becomes an error envelope.
 */
export function route<P extends Shape<unknown>, Q extends Shape<unknown>, B extends Shape<unknown>, O extends Options<P, Q, B>>(
  opts: O & Options<P, Q, B>,
  handler: (args: Args<P, Q, B, O["auth"] extends "public" ? true : false>) => Promise<Response>,
) {
  return async (req: Request, next?: NextContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    let limitHeaders: Record<string, string> | undefined; // RateLimit-* once the request is counted
    try {
      const request = requestInfoFrom(req.headers);
      const rawParams = (await next?.params) ?? {};
      let principal: Principal | null = null;
      let ctx: Ctx | { request: Ctx["request"] } = { request };
      if (opts.auth === "public" && opts.rateLimit !== false) limitHeaders = await limitRequest(null, request); // per client IP (429)
      if (opts.auth !== "public") {
        principal = await resolvePrincipal(req.headers);
        if (!principal) throw new ApiError("UNAUTHORIZED", "Missing or invalid credentials");
        limitHeaders = await limitRequest(principal, request); // per key or user, before any other check (429)
        const missing = missingScopes(principal.scopes, opts.scopes ?? []);
        if (missing.length) throw new ApiError("FORBIDDEN", `This credential lacks the scope ${missing.join(", ")}`, { missingScopes: missing });
        ctx = { actor: actorFromPrincipal(principal), request };
      }
      const params = parseParams(opts.params, rawParams);
      if (principal && typeof rawParams.organizationId === "string") {
        (ctx as Ctx).org = await resolveOrg(principal, (params as { organizationId: string }).organizationId);
      }
      if (opts.permission) requirePermission(ctx as Ctx, opts.permission);
      assertNoNulInQuery(req.url);
      const query = opts.query ? opts.query.parse(Object.fromEntries(new URL(req.url).searchParams)) : undefined;
      const body = opts.body ? await parseBody(req, opts.body, opts.optionalBody) : undefined;
      return withRateLimitHeaders(await handler({ req, ctx, principal, params, query, body } as never), limitHeaders);
    } catch (e) {
      return errorResponse(toApiError(e, requestId), { ...limitHeaders, "x-request-id": requestId });
    }
  };
}

function parseParams(schema: ZodType | undefined, raw: Record<string, unknown>) {
  assertNoNulInParams(raw);
  if (!schema) return raw;
  const r = schema.safeParse(raw);
  // A malformed id names nothing that exists: answer as for an unknown id.
  if (!r.success) throw new ApiError("NOT_FOUND", "Not found");
  return r.data;
}

async function parseBody(req: Request, schema: ZodType, optional = false) {
  const raw = await readJson(req, { optional });
  assertNoNulInBody(raw);
  return schema.parse(raw === undefined ? {} : raw);
}

export const uuidParam = z.uuid();
export const orgParams = z.object({ organizationId: uuidParam });

import crypto from "node:crypto";
import type { ZodType } from "zod";
import { actorFromPrincipal, resolvePrincipal, type Principal } from "@/lib/auth/principal";
import { requirePermission } from "@/lib/auth/permissions";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { missingScopes } from "@/lib/auth/scopes";
import type { Ctx, OrgCtx, RequestInfo } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { limitRequest, withRateLimitHeaders } from "./limit-request";
import type { Operation, OperationSpec } from "./operation";
import { readJson } from "./read-body";
import { assertNoNulInBody, assertNoNulInParams, assertNoNulInQuery } from "./reject-nul";
import { errorResponse, toDomainError } from "./render-error";
import { resolveOrg } from "./resolve-org";

type Out<S> = S extends ZodType<infer T> ? T : undefined;
type IsPublic<S extends OperationSpec> = S["scopes"] extends "public" ? true : false;
type HandlerCtx<S extends OperationSpec> =
  IsPublic<S> extends true ? { request: RequestInfo } : Out<S["params"]> extends { organizationId: string } ? OrgCtx : Ctx;

export type HandlerArgs<S extends OperationSpec> = {
  req: Request;
  ctx: HandlerCtx<S>;
  principal: IsPublic<S> extends true ? null : Principal;
  params: Out<S["params"]>;
  query: Out<S["query"]>;
  body: S["bodyContentType"] extends string ? undefined : Out<S["body"]>;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, next?: NextContext) => Promise<Response>) & { operation: Operation };

/**
 * The one wrapper every route handler goes through, enforcing its declaration (lib/api/operations/):
 * authenticate (401), count the request (429), check scopes (403), resolve the organization in the
 * path (404) and what the caller's role there allows (403), refuse NUL characters, parse
 * params/query/body with zod (400 / 404 for malformed ids), call the handler and render the
 * envelope; anything thrown becomes an error envelope.
 */
export function route<S extends OperationSpec>(op: Operation<S>, handler: (args: HandlerArgs<S>) => Promise<Response>): RouteHandler {
  const run = async (req: Request, next?: NextContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    let limitHeaders: Record<string, string> | undefined; // RateLimit-* once the request is counted
    try {
      const request = requestInfoFrom(req.headers);
      const rawParams = (await next?.params) ?? {};
      const principal = op.scopes === "public" ? null : await authenticate(req.headers);
      if (op.scopes !== "public" || op.rateLimit !== false) {
        const limit = await limitRequest(principal, request); // per key or user, else per client IP (429)
        limitHeaders = limit.headers;
        if (limit.refusal) throw limit.refusal;
      }
      if (principal) requireScopes(principal, op.scopes as string[]);
      const params = parseParams(op.params, rawParams);
      const ctx: Ctx | { request: RequestInfo } = principal ? { actor: actorFromPrincipal(principal), request } : { request };
      if (principal && typeof rawParams.organizationId === "string") {
        (ctx as Ctx).org = await resolveOrg(principal, (params as { organizationId: string }).organizationId);
      }
      if (op.permission) requirePermission(ctx as Ctx, op.permission);
      assertNoNulInQuery(req.url);
      const query = op.query ? op.query.parse(Object.fromEntries(new URL(req.url).searchParams)) : undefined;
      const body = op.body && !op.bodyContentType ? await parseBody(req, op.body, op.optionalBody, op.maxBodyBytes) : undefined;
      return withRateLimitHeaders(await handler({ req, ctx, principal, params, query, body } as HandlerArgs<S>), limitHeaders);
    } catch (e) {
      return errorResponse(toDomainError(e, requestId), { ...limitHeaders, "x-request-id": requestId });
    }
  };
  return Object.assign(run, { operation: op as Operation });
}

async function authenticate(headers: Headers): Promise<Principal> {
  const principal = await resolvePrincipal(headers);
  if (!principal) throw new DomainError("UNAUTHORIZED", "Missing or invalid credentials");
  return principal;
}

/** 403 FORBIDDEN naming the missing scopes (meta.missingScopes); also the MCP tools' check (lib/api/mcp). */
export function requireScopes(principal: Principal, scopes: readonly string[]): void {
  const missing = missingScopes(principal.scopes, scopes as never);
  if (missing.length) throw new DomainError("FORBIDDEN", `This credential lacks the scope ${missing.join(", ")}`, { missingScopes: missing });
}

/** Path parameters through their schema; malformed ids answer 404 as unknown ones do. Also the MCP tools' ids. */
export function parseParams(schema: ZodType | undefined, raw: Record<string, unknown>) {
  assertNoNulInParams(raw);
  if (!schema) return raw;
  const r = schema.safeParse(raw);
  // A malformed id names nothing that exists: answer as for an unknown id.
  if (!r.success) throw new DomainError("NOT_FOUND", "Not found");
  return r.data;
}

async function parseBody(req: Request, schema: ZodType, optional = false, limit?: number) {
  const raw = await readJson(req, { optional, limit });
  assertNoNulInBody(raw);
  return schema.parse(raw === undefined ? {} : raw);
}

import type { ZodType } from "zod";
import { actorFromPrincipal, type Principal } from "@/lib/auth/principal";
import { requirePermission } from "@/lib/auth/permissions";
import type { OrgCtx, RequestInfo } from "@/lib/core/context";
import type { Operation, OperationSpec } from "../operation";
import { assertNoNulInBody } from "../reject-nul";
import { resolveOrg } from "../resolve-org";
import { parseParams, requireScopes } from "../route";

/** Who calls a tool: an API key (the MCP endpoint takes no session), and from where. */
export type McpCaller = { principal: Extract<Principal, { kind: "apiKey" }>; request: RequestInfo };

type Out<S> = S extends ZodType<infer T> ? T : undefined;
export type OperationArgs<S extends OperationSpec> = { ctx: OrgCtx; params: Out<S["params"]>; query: Out<S["query"]>; body: Out<S["body"]> };

/**
 * Runs a verb as the REST endpoint `op` would for the same API key, with the same declaration and in the same order as
 * route(): the op's scopes (403 FORBIDDEN), its path ids through its params schema in the key's organization (malformed
 * or another organization's ids: 404 NOT_FOUND, from the verb), the role permission, NUL characters, then the query and
 * body through the op's own schemas (400 VALIDATION_ERROR). The rate limit was counted once for the HTTP request.
 */
export async function callOperation<S extends OperationSpec, T>(
  caller: McpCaller,
  op: Operation<S>,
  input: { ids?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown> },
  verb: (args: OperationArgs<S>) => Promise<T>,
): Promise<T> {
  const { principal, request } = caller;
  if (op.scopes !== "public") requireScopes(principal, op.scopes);
  const params = parseParams(op.params, { ...input.ids, organizationId: principal.organizationId });
  const ctx: OrgCtx = { actor: actorFromPrincipal(principal), request, org: await resolveOrg(principal, principal.organizationId) };
  if (op.permission) requirePermission(ctx, op.permission);
  assertNoNulInBody({ ...input.query, ...input.body });
  const query = op.query ? op.query.parse(input.query ?? {}) : undefined;
  const body = op.body ? op.body.parse(input.body ?? {}) : undefined;
  return verb({ ctx, params, query, body } as OperationArgs<S>);
}

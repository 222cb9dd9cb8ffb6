// The floor every area stands on: who acts, for which organization, from where, inside which
// transaction. Imports nothing of lib/ (tests/architecture/import-graph.test.ts keeps it so).
import { DomainError } from "./errors";

export type OrgRole = "owner" | "admin" | "member";

export type RequestInfo = { ipAddress: string | null; userAgent: string | null };

export type Actor =
  | { type: "user"; userId: string; email: string; sessionId: string }
  | { type: "apiKey"; userId: string; email: string; apiKeyId: string; organizationId: string; scopes: readonly string[] }
  | { type: "system"; job: string };

export type UserActor = Extract<Actor, { type: "user" | "apiKey" }>;

export type OrgContext = { id: string; role: OrgRole };

/**
 * What every verb receives. `tx` is the open Prisma transaction the verb must run on, if any: set it
 * with `withTransaction` and read it with `dbOf` (both lib/db), never pass it beside the context.
 */
export type Ctx = { actor: Actor; org?: OrgContext; request: RequestInfo; tx?: unknown };

/** The context of a verb scoped to an organization: the organization is always there. */
export type OrgCtx = Ctx & { org: OrgContext };

const NO_REQUEST: RequestInfo = { ipAddress: null, userAgent: null };

/**
 * The context of a background job (Inngest function, script): it calls the same verbs as a request. Given an
 * organization's id, it acts there with an owner's rights (a job works on whatever the organization holds).
 */
export function systemCtx(job: string): Ctx;
export function systemCtx(job: string, org: OrgContext | string): OrgCtx;
export function systemCtx(job: string, org?: OrgContext | string): Ctx {
  return { actor: { type: "system", job }, org: typeof org === "string" ? { id: org, role: "owner" } : org, request: NO_REQUEST };
}

/** The same context, acting for `org` (a system job working through one organization's projects). */
export function inOrg(ctx: Ctx, org: OrgContext): OrgCtx {
  return { ...ctx, org };
}

export function actorUserId(ctx: Ctx): string | null {
  return ctx.actor.type === "system" ? null : ctx.actor.userId;
}

/** The person acting (in a session or through an API key); a system job gets 403. */
export function userActorOrThrow(ctx: Ctx): UserActor {
  if (ctx.actor.type === "system") throw new DomainError("FORBIDDEN", "API keys belong to users");
  return ctx.actor;
}

import type { Principal } from "@/lib/auth/principal";
import type { RequestInfo } from "@/lib/auth/request-info";
import type { OrgRole } from "@/lib/db";

export type Actor =
  | { type: "user"; userId: string; email: string; sessionId: string }
  | { type: "apiKey"; userId: string; email: string; apiKeyId: string; organizationId: string; scopes: readonly string[] }
  | { type: "system"; job: string };

export type OrgContext = { id: string; role: OrgRole };

/** What every verb receives: who acts, for which organization, and from where. */
export type Ctx = { actor: Actor; org?: OrgContext; request: RequestInfo };
export type OrgCtx = Ctx & { org: OrgContext };
export type UserActor = Extract<Actor, { type: "user" | "apiKey" }>;

export function actorFromPrincipal(p: Principal): UserActor {
  return p.kind === "session"
    ? { type: "user", userId: p.user.id, email: p.user.email, sessionId: p.sessionId }
    : { type: "apiKey", userId: p.user.id, email: p.user.email, apiKeyId: p.apiKeyId, organizationId: p.organizationId, scopes: p.scopes };
}

export function systemCtx(job: string, org?: OrgContext): Ctx {
  return { actor: { type: "system", job }, org, request: { ipAddress: null, userAgent: null } };
}

export function actorUserId(ctx: Ctx): string | null {
  return ctx.actor.type === "system" ? null : ctx.actor.userId;
}

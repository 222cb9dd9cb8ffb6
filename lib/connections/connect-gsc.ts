import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { exchangeCode, listSites, refreshAccessToken } from "@/lib/engines/gsc";
import type { NotOk } from "@/lib/engines/outcome";
import { lockProjectStats } from "@/lib/issues/counters";
import { clearProjectIssue } from "@/lib/issues/detections";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { chooseProperty } from "./choose-property";
import { gscClientOrThrow, type GscClient } from "./config";
import { consumeState, dropExchangedToken, keepExchangedToken, pendingStateOrThrow, sha256, stateInvalid, type PendingState } from "./oauth-state";
import type { ConnectionStatus, GscCallbackBody } from "./schemas";
import { openStateToken, sealGscRefreshToken, sealStateToken } from "./secrets";
import { statusSelect, toConnectionStatus } from "./status";
import { upstreamError } from "./upstream-errors";

const NOT_COVERED = {
  not_listed: "The Google Search Console account you connected has no verified property with this URL.",
  unverified: "The Google Search Console account you connected has this property without a verified permission.",
  not_covering: "This property does not cover the project's domain (a www. or sub-folder property does not).",
} as const;

/**
 * Completes a gsc connection (POST gsc/callback): checks the state, exchanges the code (or reuses
 * the token kept with the state from an earlier attempt with the same code), checks the property
 * against the user's site list and the project domain, then stores the sealed refresh token, the
 * property and gscConnectedAt, consumes the state, resolves `gsc_auth_revoked` and audits, in one
 * transaction. A property that does not fit answers 409 PROPERTY_NOT_COVERED and leaves the state open.
 */
export async function connectGsc(ctx: OrgCtx, projectId: string, input: GscCallbackBody, opts: { now?: Date } = {}): Promise<ConnectionStatus> {
  const client = gscClientOrThrow();
  const now = opts.now ?? new Date();
  const project = await getProjectOrThrow(ctx, projectId);
  const ref = { organizationId: ctx.org.id, projectId: project.id };
  const state = await pendingStateOrThrow(ctx, ref, input.state, now);

  const grant = await grantFor(client, state, input.code, now);
  const sites = await listSites({ accessToken: grant.accessToken, now });
  if (sites.kind !== "ok") throw gscFailure(sites, now);
  const choice = chooseProperty(sites.value.sites, input.propertyUrl, project.domain);
  if (!choice.ok) {
    throw new DomainError("PROPERTY_NOT_COVERED", `${NOT_COVERED[choice.reason]} Choose one of meta.properties and send it again with the same state and code.`, {
      reason: choice.reason, propertyUrl: input.propertyUrl, domain: project.domain, properties: choice.covering,
    });
  }

  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockProjectStats(ctx, project.id);
    if (!(await consumeState(ctx, state.id, now))) throw stateInvalid("reused");
    const { count } = await tx.project.updateMany({
      where: { id: project.id, organizationId: ref.organizationId, deletedAt: null },
      data: { gscRefreshTokenEnc: sealGscRefreshToken(project.id, grant.refreshToken), gscPropertyUrl: input.propertyUrl, gscConnectedAt: now, gscRevokedAt: null },
    });
    if (!count) throw new DomainError("NOT_FOUND", "Project not found");
    // Pooled properties belonged to the previous grant: another account may not see them.
    await tx.gscProperty.deleteMany({ where: { projectId: project.id } });
    await clearProjectIssue(ctx, project.id, "gsc_auth_revoked", now);
    await recordAudit({
      ...auditActor(ctx), action: "project.gsc_connected", target: { type: "project", id: project.id },
      metadata: { propertyUrl: input.propertyUrl, permissionLevel: choice.site.permissionLevel, reconnected: project.gscConnectedAt !== null, retried: grant.kept },
    }, ctx);
    return tx.project.findUniqueOrThrow({ where: { id: project.id }, select: statusSelect });
  });
  return toConnectionStatus(row);
}

type Grant = { refreshToken: string; accessToken: string; kept: boolean };

/** Tokens for this attempt: the kept grant when the code is the one it came from, else a fresh exchange. */
async function grantFor(client: GscClient, state: PendingState, code: string, now: Date): Promise<Grant> {
  const codeHash = sha256(code);
  if (state.refreshTokenEnc && state.codeHash === codeHash) {
    const refreshToken = openStateToken(state.id, state.refreshTokenEnc);
    const fresh = await refreshAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret, refreshToken, now });
    if (fresh.kind === "ok") return { refreshToken, accessToken: fresh.value.accessToken.reveal(), kept: true };
    if (fresh.kind === "revoked") {
      await dropExchangedToken(state.id);
      throw codeInvalid("grant_revoked", "Access was withdrawn since the consent. Start the connection again.");
    }
    throw gscFailure(fresh, now);
  }

  const exchanged = await exchangeCode({
    clientId: client.clientId, clientSecret: client.clientSecret, redirectUri: state.redirectUri ?? client.redirectUri, code, now,
  });
  if (exchanged.kind !== "ok") throw gscFailure(exchanged, now);
  const { refreshToken, accessToken, hasGscScope } = exchanged.value;
  if (!hasGscScope) {
    throw codeInvalid("scope_not_granted", "Access to the Google Search Console data was not granted on the consent page. Start again and leave it ticked.");
  }
  if (!refreshToken) {
    throw upstreamError("gsc", { kind: "transient", code: "malformed_answer", message: "gsc code exchange: no refresh token despite offline access and forced consent" }, now);
  }
  // Kept before the site list is read, so that a retry after a 409 or a 502 needs no new consent.
  await keepExchangedToken(state.id, codeHash, sealStateToken(state.id, refreshToken.reveal()), now);
  return { refreshToken: refreshToken.reveal(), accessToken: accessToken.reveal(), kept: false };
}

const codeInvalid = (reason: string, message: string) => new DomainError("OAUTH_CODE_INVALID", message, { reason });

/** A console failure as the API answers it: a refused code is the caller's (400), the rest is upstream (502/503). */
function gscFailure(outcome: NotOk, now: Date): DomainError {
  if (outcome.kind === "invalid" && outcome.code === "invalid_code") {
    return codeInvalid("invalid_code", "The authorization code is invalid, expired or already used. Start the connection again.");
  }
  if (outcome.kind === "invalid" && outcome.code === "bad_request") {
    return codeInvalid("rejected", "Google Search Console refused to exchange this authorization code. Start the connection again.");
  }
  if (outcome.kind === "invalid" && outcome.code === "forbidden") {
    return codeInvalid("scope_not_granted", "Google Search Console refused to list your properties with this grant. Start again and grant access to the Search Console data.");
  }
  if (outcome.kind === "invalid" && outcome.code === "client_rejected") {
    console.warn(`[connections] ${outcome.message}`); // gsc's words, for the operator
    return new DomainError("INTEGRATION_NOT_CONFIGURED", "Google Search Console rejected this server's OAuth client (GSC_CLIENT_ID / GSC_CLIENT_SECRET)", { integration: "gsc", reason: "client_rejected" });
  }
  return upstreamError("gsc", outcome, now);
}

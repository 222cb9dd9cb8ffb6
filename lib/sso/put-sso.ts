import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { getSso } from "./get-sso";
import { audit, sealClientSecret } from "./internal";
import { providerConfig, type OidcFetch } from "./oidc-client";
import type { putSsoBody } from "./schemas";

/** Sets the provider. Its discovery document is fetched first (through the safe fetcher): a bad issuer is refused before anything is stored. */
export async function putSso(ctx: OrgCtx, input: z.infer<typeof putSsoBody>, fetch: OidcFetch) {
  await providerConfig({ issuer: input.issuer, clientId: input.clientId, clientSecret: input.clientSecret }, fetch);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const data = {
      provider: input.provider, issuer: input.issuer, clientId: input.clientId, clientSecretEnc: sealClientSecret(ctx.org.id, input.clientSecret),
      enforce: input.enforce ?? false, enabled: true, configuredByUserId: actorUserId(ctx),
    };
    await tx.organizationSso.upsert({ where: { organizationId: ctx.org.id }, create: { organizationId: ctx.org.id, ...data }, update: data });
    await audit(ctx, "settings.sso_configured", { provider: input.provider, issuer: input.issuer, clientId: input.clientId, enforce: data.enforce });
  });
  return getSso(ctx);
}

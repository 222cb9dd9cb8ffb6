import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { audit } from "./internal";

/** Turns SSO off: the provider and the domain claims go; members sign in by email link again. */
export async function deleteSso(ctx: OrgCtx) {
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.organizationSso.deleteMany({ where: { organizationId: ctx.org.id } });
    if (!count) throw new DomainError("NOT_FOUND", "This organization has no SSO configured");
    await tx.ssoDomain.deleteMany({ where: { organizationId: ctx.org.id } });
    await audit(ctx, "settings.sso_disabled", {});
  });
  return { disabled: true as const };
}

import type { Ctx } from "@/lib/core/context";
import crypto from "node:crypto";
import { dbOf } from "@/lib/db";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { grantCredits } from "@/lib/credits/credit-ledger";

export function freeCredits(): number {
  const n = Number(process.env.FREE_CREDITS ?? 100);
  return Number.isInteger(n) && n >= 0 ? n : 100;
}

/** Every user gets a personal organization (role owner) funded with FREE_CREDITS through the ledger. */
export async function createPersonalOrganization(ctx: Ctx, user: { id: string; email: string }) {
  const tx = dbOf(ctx);
  const local = user.email.split("@")[0].toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "org";
  const org = await tx.organization.create({
    data: { name: `${user.email}'s organization`, slug: `${local}-${crypto.randomBytes(4).toString("hex")}`, personal: true },
  });
  await tx.membership.create({ data: { organizationId: org.id, userId: user.id, role: "owner" } });
  const credits = freeCredits();
  if (credits > 0) await grantCredits(ctx, { organizationId: org.id, amount: credits, kind: "grant", reference: "signup", actorUserId: user.id });
  await recordAudit({ action: "organization.created", userId: user.id, organizationId: org.id, target: { type: "organization", id: org.id } }, ctx);
  return org;
}

import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";

export const INVITABLE_ROLES = ["admin", "member"] as const;
export const INVITE_STATUSES = ["pending", "accepted", "revoked", "expired"] as const;

export const createInviteBody = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: "A valid email address" })),
  role: z.enum(INVITABLE_ROLES).describe("Owners are made by transferring ownership, not by invitation"),
}).strict();
export const listInvitesQuery = paginationQuery.extend({ status: z.enum(INVITE_STATUSES).optional() });
export const inviteParams = z.object({ organizationId: uuidParam, inviteId: uuidParam });
// Tokens are 43 base64url characters; anything else names no invitation (404, not 400: no oracle).
export const tokenParams = z.object({ token: z.string().min(1).max(128) });

export const InviteResponse = z.object({
  id: z.uuid(), email: z.string(), role: z.enum(INVITABLE_ROLES), status: z.enum(INVITE_STATUSES),
  invitedByEmail: z.string().nullable(), expiresAt: z.string(), sentCount: z.number().int(), lastSentAt: z.string(),
  acceptedAt: z.string().nullable(), revokedAt: z.string().nullable(), createdAt: z.string(),
});
export type InviteResponse = z.infer<typeof InviteResponse>;

/** SPEC.md's PublicInvite: what anyone holding the link may see. */
export const PublicInvite = z.object({
  organizationName: z.string(), inviterEmail: z.string(), role: z.enum(INVITABLE_ROLES), expiresAt: z.string(),
});
export type PublicInvite = z.infer<typeof PublicInvite>;

export const AcceptedInvite = z.object({ organizationId: z.uuid(), organizationName: z.string(), role: z.enum(INVITABLE_ROLES) });

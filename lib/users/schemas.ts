import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/audit-log/actions";

export const UserResponse = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.email(),
  isVerified: z.boolean(),
  verifiedAt: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  emailPreferences: z.object({ marketingOptOut: z.boolean() }),
  twoFactorEnabled: z.boolean(),
  organizationCount: z.number().int().min(0),
  role: z.enum(["user", "admin"]),
});
export type UserResponse = z.infer<typeof UserResponse>;

export const AccountDeletionScheduled = z.object({ deletionScheduledFor: z.string(), message: z.string() });

export const LoginHistoryEntry = z.object({
  id: z.uuid(),
  timestamp: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
});

export const OrganizationSummary = z.object({
  id: z.uuid(), name: z.string(), slug: z.string(), personal: z.boolean(),
  role: z.enum(["owner", "admin", "member"]), creditBalance: z.number().int(), createdAt: z.string(),
});

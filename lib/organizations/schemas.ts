import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";

const ROLES = ["owner", "admin", "member"] as const;
export const orgRole = z.enum(ROLES);

// Printable text: no control characters (a NUL is refused by the route wrapper already).
const name = z.string().trim().min(1, "Name the organization").max(100).regex(/^[^\p{Cc}]*$/u, "No control characters");

export const createOrganizationBody = z.object({ name }).strict();
export const updateOrganizationBody = z.object({ name }).strict();
export const updateMemberBody = z.object({ role: orgRole }).strict();
export const transferOwnershipBody = z.object({ userId: z.uuid() }).strict();
export const memberParams = z.object({ organizationId: uuidParam, userId: uuidParam });
export const listMembersQuery = paginationQuery;

export const OrganizationResponse = z.object({
  id: z.uuid(), name: z.string(), slug: z.string(), personal: z.boolean(),
  role: orgRole.describe("The caller's role in it"),
  permissions: z.array(z.string()).describe("What that role allows (lib/auth/permissions.ts)"),
  creditBalance: z.number().int(), memberCount: z.number().int(), createdAt: z.string(),
});
export type OrganizationResponse = z.infer<typeof OrganizationResponse>;

export const DeletedOrganizationResponse = z.object({
  id: z.uuid(), deleted: z.literal(true),
  purgeAfter: z.string().describe("When its data is purged for good; until then an owner can restore it (POST /api/user/organizations/deleted/{id}/restore)"),
});

export const DeletedOrganizationSummary = z.object({
  id: z.uuid(), name: z.string(), slug: z.string(),
  deletedAt: z.string(), purgeAfter: z.string().describe("Until then an owner can restore it"),
  memberCount: z.number().int(), projectCount: z.number().int(),
});
export type DeletedOrganizationSummary = z.infer<typeof DeletedOrganizationSummary>;
export const restoreParams = z.object({ deletedOrganizationId: uuidParam });

export const MemberResponse = z.object({
  userId: z.uuid(), email: z.string(), name: z.string().nullable(), role: orgRole,
  lastActiveAt: z.string().nullable().describe("Last authenticated request in this organization (to a few minutes)"),
  joinedAt: z.string(),
});
export type MemberResponse = z.infer<typeof MemberResponse>;

// ─── Branding: what client reports and share pages show (lib/organizations/branding.ts) ─────────────

export const ACCENT_COLOR = /^#[0-9a-fA-F]{6}$/;
export const brandingBody = z.object({
  displayName: z.string().trim().min(1, "Leave it out (null) to use the organization's name").max(100).regex(/^[^\p{Cc}]*$/u, "No control characters").nullable()
    .describe("The name reports and share pages show; null: the organization's name"),
  accentColor: z.string().regex(ACCENT_COLOR, "A colour as #rrggbb").transform((v) => v.toLowerCase()).nullable()
    .describe("Hex colour (#rrggbb) of the report's headings and rule; null: IndexWatch blue"),
}).strict();

export const BrandingResponse = z.object({
  displayName: z.string().nullable(),
  accentColor: z.string().nullable(),
  logo: z.object({
    mimeType: z.enum(["image/png", "image/jpeg"]), width: z.number().int(), height: z.number().int(), bytes: z.number().int(), updatedAt: z.string(),
  }).nullable().describe("The uploaded logo (GET …/branding/logo returns the file); null: none"),
  shownName: z.string().nullable().describe("What reports and share pages show: displayName, else the organization's name (null for a personal organization)"),
});
export type BrandingResponse = z.infer<typeof BrandingResponse>;

import type { Scope } from "@/lib/auth/scopes";

/** What each scope lets a key do, in the words of the create form. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "user:read": "Read your profile, login history and data export",
  "user:write": "Change or delete your account",
  "projects:read": "Read projects, URLs, issues and sitemaps",
  "projects:write": "Create, change and delete projects",
  "organization:read": "Read the organization (needed for every project call)",
  "organization:write": "Manage the organization: members, invitations, webhooks, SSO (within your role)",
  "api-keys:read": "List API keys",
  "api-keys:write": "Create and change API keys",
  "api-keys:delete": "Delete API keys",
};

/** SPEC.md's R: the read-only project access most integrations need. */
export const DEFAULT_SCOPES: Scope[] = ["projects:read", "organization:read"];

export const EXPIRY_OPTIONS = [
  { value: "never", label: "Never", seconds: undefined },
  { value: "30d", label: "In 30 days", seconds: 30 * 86_400 },
  { value: "90d", label: "In 90 days", seconds: 90 * 86_400 },
  { value: "1y", label: "In 1 year", seconds: 365 * 86_400 },
] as const;

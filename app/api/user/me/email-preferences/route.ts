import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { getEmailPreferences, updateEmailPreferences } from "@/lib/notifications/email-preferences";
import { updateEmailPreferencesBody } from "@/lib/notifications/schemas";

// GET/PATCH /api/user/me/email-preferences — {marketingOptOut}
export const GET = route({ scopes: ["user:read"] }, async ({ ctx }) => ok(await getEmailPreferences(ctx)));
export const PATCH = route({ scopes: ["user:write"], body: updateEmailPreferencesBody }, async ({ ctx, body }) => ok(await updateEmailPreferences(ctx, body)));

import { route } from "@/lib/api/route";
import { getMeEmailPreferencesOp, patchMeEmailPreferencesOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { getEmailPreferences, updateEmailPreferences } from "@/lib/notifications/email-preferences";

// GET/PATCH /api/user/me/email-preferences — {marketingOptOut}
export const GET = route(getMeEmailPreferencesOp, async ({ ctx }) => ok(await getEmailPreferences(ctx)));
export const PATCH = route(patchMeEmailPreferencesOp, async ({ ctx, body }) => ok(await updateEmailPreferences(ctx, body)));

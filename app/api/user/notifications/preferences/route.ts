import { route } from "@/lib/api/route";
import { getNotificationsPreferencesOp, patchNotificationsPreferencesOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { userActorOrThrow } from "@/lib/core/context";
import { getPreferences, updatePreferences } from "@/lib/notifications/preferences";

// GET/PATCH /api/user/notifications/preferences — the matrix of configurable channels per type
export const GET = route(getNotificationsPreferencesOp, async ({ ctx }) => ok(await getPreferences(userActorOrThrow(ctx).userId)));
export const PATCH = route(patchNotificationsPreferencesOp, async ({ ctx, body }) => ok(await updatePreferences(ctx, body.preferences)));

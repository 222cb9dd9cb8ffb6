import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { userActorOrThrow } from "@/lib/api-keys/internal";
import { getPreferences, updatePreferences } from "@/lib/notifications/preferences";
import { updatePreferencesBody } from "@/lib/notifications/schemas";

// GET/PATCH /api/user/notifications/preferences — the matrix of configurable channels per type
export const GET = route({ scopes: ["user:read"] }, async ({ ctx }) => ok(await getPreferences(userActorOrThrow(ctx).userId)));
export const PATCH = route({ scopes: ["user:write"], body: updatePreferencesBody }, async ({ ctx, body }) => ok(await updatePreferences(ctx, body.preferences)));

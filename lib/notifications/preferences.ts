import { db, withTransaction, dbOf } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { ALWAYS, CONFIGURABLE, DEFAULT_ENABLED, isConfigurable, type Channel } from "./channels";
import { NOTIFICATION_TYPES, notificationTypeValue, type NotificationTypeValue } from "./types";

export type Preferences = Record<NotificationTypeValue, Partial<Record<Channel, boolean>>>;
type Stored = { type: string; channel: string; enabled: boolean };

const storedType = (t: NotificationTypeValue) => t.replace(/\./g, "_") as never;

function matrix(rows: Stored[]): Preferences {
  const set = new Map(rows.map((r) => [`${notificationTypeValue(r.type)}:${r.channel}`, r.enabled]));
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Object.fromEntries(CONFIGURABLE[t].map((c) => [c, set.get(`${t}:${c}`) ?? DEFAULT_ENABLED]))])) as Preferences;
}

/** The user's full preference matrix (only configurable channels; unset ones are on). */
export async function getPreferences(userId: string, ctx?: Ctx): Promise<Preferences> {
  const tx = ctx ? dbOf(ctx) : db;
  return matrix(await tx.notificationPreference.findMany({ where: { userId }, select: { type: true, channel: true, enabled: true } }));
}

/**
 * Sets some preferences. Every item is checked first: a channel that is not configurable for its type is a
 * 400 naming each such item, and nothing is written. Audited (`notification.preferences_updated`).
 */
export async function updatePreferences(ctx: Ctx, items: { type: NotificationTypeValue; channel: Channel; enabled: boolean }[]): Promise<Preferences> {
  const { userId } = userActorOrThrow(ctx);
  const refused = items.map((item, i) => ({ item, i })).filter(({ item }) => !isConfigurable(item.type, item.channel));
  if (refused.length) {
    throw validationError("A channel that cannot be configured for its type was named", refused.map(({ item, i }) => ({
      path: `preferences.${i}.channel`, code: "not_configurable",
      message: CONFIGURABLE[item.type].length
        ? `${item.type} can be configured on ${CONFIGURABLE[item.type].join(", ")} only`
        : `${item.type} is always delivered (${ALWAYS.join(", ")}); nothing can be configured`,
    })));
  }
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    for (const { type, channel, enabled } of items) {
      await tx.notificationPreference.upsert({
        where: { userId_type_channel: { userId, type: storedType(type), channel } },
        create: { userId, type: storedType(type), channel, enabled },
        update: { enabled },
      });
    }
    await recordAudit({ ...auditActor(ctx), action: "notification.preferences_updated", target: { type: "user", id: userId }, metadata: { preferences: items } }, ctx);
    return getPreferences(userId, ctx);
  });
}

/** Whether `userId` gets `type` on `channel`: always for types with nothing configurable, else their setting. */
export function wants(prefs: Preferences, type: NotificationTypeValue, channel: Channel): boolean {
  if (!CONFIGURABLE[type].length) return ALWAYS.includes(channel);
  return prefs[type][channel] ?? false;
}

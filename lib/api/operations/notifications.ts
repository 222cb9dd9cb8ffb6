// OpenAPI registrations of notifications and email preferences.
import { EmailPreferences, listNotificationsQuery, MarkReadResult, markReadBody, NotificationResponse, PreferencesResponse, UnreadCount,
  updateEmailPreferencesBody, updatePreferencesBody } from "@/lib/notifications/schemas";
import { z } from "zod";
import { PushPublicKey, PushTargetResponse, registerPushBody, unregisterPushBody } from "@/lib/notifications/push-targets";
import { defineOperation } from "../operation";

const tags = ["Notifications"];
const N = "/api/user/notifications";

export const getNotificationsOp = defineOperation({
  method: "GET", path: N, tags, scopes: ["user:read"], query: listNotificationsQuery, response: NotificationResponse, paginated: true,
  summary: "The user's in-app notifications, newest first", description: "`unread=true` keeps the unread ones (readAt null).",
});
export const getNotificationsUnreadCountOp = defineOperation({ method: "GET", path: `${N}/unread-count`, tags, scopes: ["user:read"], response: UnreadCount, summary: "How many are unread" });
export const postNotificationsMarkReadOp = defineOperation({
  method: "POST", path: `${N}/mark-read`, tags, scopes: ["user:write"], optionalBody: true, body: markReadBody, response: MarkReadResult,
  summary: "Mark notifications read", description: "`ids` (up to 1,000) of the user's notifications, or every unread one when omitted. Ids that are not the user's are ignored.",
});
export const getNotificationsPreferencesOp = defineOperation({
  method: "GET", path: `${N}/preferences`, tags, scopes: ["user:read"], response: PreferencesResponse,
  summary: "Notification preferences",
  description: "One key per notification type with a boolean per configurable channel (SPEC.md): all channels for subscription.*, payment.failed, "
    + "invite.accepted, member.removed, member.role_changed and credits.low; email and in_app for seats.full; in_app and web_push for issue.opened; "
    + "{} for invite.sent and security.* (always delivered in-app and by email). Every configurable channel is on until turned off.",
});
export const patchNotificationsPreferencesOp = defineOperation({
  method: "PATCH", path: `${N}/preferences`, tags, scopes: ["user:write"], body: updatePreferencesBody, response: PreferencesResponse,
  summary: "Change notification preferences",
  description: "A channel that is not configurable for its type is a 400 VALIDATION_ERROR naming each such item; nothing is changed then. Audited (`notification.preferences_updated`).",
});
export const getMeEmailPreferencesOp = defineOperation({ method: "GET", path: "/api/user/me/email-preferences", tags, scopes: ["user:read"], response: EmailPreferences, summary: "Email preferences" });
export const patchMeEmailPreferencesOp = defineOperation({
  method: "PATCH", path: "/api/user/me/email-preferences", tags, scopes: ["user:write"], body: updateEmailPreferencesBody, response: EmailPreferences,
  summary: "Opt out of (or back into) marketing mail",
});

// ── Web push and unsubscribe ──
export const getNotificationsPushPublicKeyOp = defineOperation({
  method: "GET", path: `${N}/push/public-key`, tags, scopes: ["user:read"], response: PushPublicKey,
  summary: "The VAPID public key for PushManager.subscribe()", description: "null when web push is not configured (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY unset).",
});
export const postNotificationsPushTargetsOp = defineOperation({
  method: "POST", path: `${N}/push/targets`, tags, scopes: ["user:write"], body: registerPushBody, response: PushTargetResponse, created: true,
  summary: "Register this browser's push subscription",
  description: "An https endpoint on port 443 (the push service's), keys as the browser gives them. The same endpoint again updates its keys; one registered by another "
    + "user moves to the caller. At most 20 per user (the oldest go). Messages go through the SSRF-safe fetcher; a target the push service answers 404 or 410 for is removed. "
    + "Audited (notification.push_target_registered).",
});
export const deleteNotificationsPushTargetsOp = defineOperation({
  method: "DELETE", path: `${N}/push/targets`, tags, scopes: ["user:write"], body: unregisterPushBody, response: z.object({ removed: z.boolean() }),
  summary: "Remove a push subscription", description: "Only the caller's own; another user's endpoint answers removed: false. Audited (notification.push_target_removed).",
});
export const postEmailUnsubscribeOp = defineOperation({
  method: "POST", path: "/api/email/unsubscribe", tags, scopes: "public", query: z.object({ token: z.string().min(1).max(200) }), response: z.object({ marketingOptOut: z.literal(true) }),
  summary: "Unsubscribe from marketing mail (the link in every marketing mail; RFC 8058 one-click)", description: "404 for a token that names nobody.",
});

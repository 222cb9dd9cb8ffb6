import { NOTIFICATION_TYPES, type NotificationTypeValue } from "./types";

// SPEC.md's preference matrix: which channels a user may turn on or off, per notification type. A type with
// no configurable channel (invite.sent, security.*) is always delivered, in-app and by email.
export const CHANNELS = ["email", "web_push", "in_app"] as const;
export type Channel = (typeof CHANNELS)[number];

const ALL: readonly Channel[] = CHANNELS;
export const CONFIGURABLE: Record<NotificationTypeValue, readonly Channel[]> = {
  "subscription.created": ALL, "subscription.expired": ALL, "subscription.cancelled": ALL, "subscription.renewed": ALL,
  "subscription.renewal_reminder": ALL, "payment.failed": ALL,
  "invite.sent": [], "invite.accepted": ALL, "member.removed": ALL, "member.role_changed": ALL, "credits.low": ALL,
  "seats.full": ["email", "in_app"],
  "security.password_changed": [], "security.email_changed": [], "security.2fa_changed": [], "security.passkey_changed": [],
  "issue.opened": ["in_app", "web_push"],
  "site_change.detected": ["in_app", "web_push"],
  "robots_txt.changed": ALL,
};

/**
 * The types this product sends today (tests/notifications/sent-types.test.ts holds it to the code): the
 * settings page offers these; the API keeps every type SPEC.md lists.
 */
export const SENT_TYPES: readonly NotificationTypeValue[] = [
  "issue.opened", "credits.low", "invite.sent", "invite.accepted", "member.role_changed", "member.removed", "site_change.detected",
  "robots_txt.changed",
];

/** The channels a type is delivered on when nothing is configurable. */
export const ALWAYS: readonly Channel[] = ["email", "in_app"];

/** Defaults: every configurable channel on. */
export const DEFAULT_ENABLED = true;

export const isConfigurable = (type: NotificationTypeValue, channel: Channel) => CONFIGURABLE[type].includes(channel);

export const NOTIFICATION_CATEGORY: Record<NotificationTypeValue, "billing" | "team" | "security" | "monitoring"> = Object.fromEntries(
  NOTIFICATION_TYPES.map((t) => [t, t.startsWith("subscription.") || t === "payment.failed" || t === "credits.low" || t === "seats.full" ? "billing"
    : t.startsWith("invite.") || t.startsWith("member.") ? "team" : t.startsWith("security.") ? "security" : "monitoring"]),
) as Record<NotificationTypeValue, "billing" | "team" | "security" | "monitoring">;

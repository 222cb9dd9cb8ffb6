// SPEC.md's NotificationType values, spelled as the API shows them.
export const NOTIFICATION_TYPES = [
  "subscription.created",
  "subscription.expired",
  "subscription.cancelled",
  "subscription.renewed",
  "subscription.renewal_reminder",
  "payment.failed",
  "invite.sent",
  "invite.accepted",
  "member.removed",
  "member.role_changed",
  "credits.low",
  "seats.full",
  "security.password_changed",
  "security.email_changed",
  "security.2fa_changed",
  "security.passkey_changed",
  "issue.opened",
  "site_change.detected",
  "robots_txt.changed",
] as const;
export type NotificationTypeValue = (typeof NOTIFICATION_TYPES)[number];

export function notificationTypeValue(stored: string): NotificationTypeValue {
  return (NOTIFICATION_TYPES as readonly string[]).find((t) => t.replace(/\./g, "_").replace(/^(\d)/, "_$1") === stored) as NotificationTypeValue;
}

import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { CHANNELS } from "./channels";
import { NOTIFICATION_TYPES } from "./types";

export const NotificationResponse = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  category: z.enum(["billing", "team", "security", "monitoring"]),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  readAt: z.string().nullable().describe("null: unread"),
  createdAt: z.string(),
});
export type NotificationResponse = z.infer<typeof NotificationResponse>;

export const listNotificationsQuery = paginationQuery.extend({
  unread: z.enum(["true", "false"]).optional().describe("`true`: unread ones only"),
});

export const markReadBody = z.object({
  ids: z.array(z.uuid()).min(1).max(1000).optional().describe("Omit to mark every notification read"),
}).strict();

export const UnreadCount = z.object({ count: z.number().int().min(0) });
export const MarkReadResult = z.object({ updated: z.number().int().min(0) });

/** The preferences object: one key per type, each holding a boolean per configurable channel ({} when none is). */
export const PreferencesResponse = z.record(z.enum(NOTIFICATION_TYPES), z.record(z.enum(CHANNELS), z.boolean()));

export const updatePreferencesBody = z.object({
  preferences: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), channel: z.enum(CHANNELS), enabled: z.boolean() }).strict()).min(1).max(100),
}).strict();

export const EmailPreferences = z.object({ marketingOptOut: z.boolean() });
export const updateEmailPreferencesBody = z.object({ marketingOptOut: z.boolean() }).strict();

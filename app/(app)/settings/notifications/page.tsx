import type { Metadata } from "next";
import { PreferenceMatrix } from "@/components/notifications/preference-matrix";

export const metadata: Metadata = { title: "Notification settings" };

export default function NotificationSettingsPage() {
  return <PreferenceMatrix />;
}

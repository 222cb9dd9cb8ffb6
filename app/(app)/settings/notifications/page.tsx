import type { Metadata } from "next";
import { PreferenceMatrix } from "@/components/notifications/preference-matrix";
import { PushCard } from "@/components/notifications/push-card";

export const metadata: Metadata = { title: "Notification settings" };

export default function NotificationSettingsPage() {
  return (
    <div className="space-y-6">
      <PushCard />
      <PreferenceMatrix />
    </div>
  );
}

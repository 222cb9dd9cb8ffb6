import type { Metadata } from "next";
import { NotificationList } from "@/components/notifications/notification-list";
import { requireUser } from "../session";

export const metadata: Metadata = { title: "Notifications" };

export default async function NotificationsPage() {
  await requireUser();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <NotificationList />
    </div>
  );
}

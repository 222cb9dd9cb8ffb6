import { SettingsSkeleton } from "@/components/settings/skeleton";

export default function Loading() {
  return <SettingsSkeleton label="Loading your account…" rows={6} />;
}

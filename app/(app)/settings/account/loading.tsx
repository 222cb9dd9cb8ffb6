import { SettingsSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <SettingsSkeleton label="Loading your account…" rows={6} />;
}

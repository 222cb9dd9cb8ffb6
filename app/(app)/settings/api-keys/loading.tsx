import { SettingsSkeleton } from "@/components/settings/skeleton";

export default function Loading() {
  return <SettingsSkeleton label="Loading API keys…" rows={4} />;
}

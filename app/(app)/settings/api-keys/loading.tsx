import { SettingsSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <SettingsSkeleton label="Loading API keys…" rows={4} />;
}

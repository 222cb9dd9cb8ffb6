import { SettingsSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <SettingsSkeleton label="Loading credits…" rows={4} />;
}

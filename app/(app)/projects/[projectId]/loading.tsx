import { ListSkeleton, StatGridSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return (
    <div className="space-y-6">
      <StatGridSkeleton label="Loading the project…" />
      <ListSkeleton label="Loading issues…" rows={3} />
    </div>
  );
}

import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return (
    <div className="space-y-6">
      <div className="h-8 w-40 animate-pulse rounded bg-slate-200" />
      <ListSkeleton label="Loading the portfolio…" rows={6} />
    </div>
  );
}

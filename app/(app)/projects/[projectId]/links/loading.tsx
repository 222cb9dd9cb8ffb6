import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return <ListSkeleton label="Loading links…" rows={4} />;
}

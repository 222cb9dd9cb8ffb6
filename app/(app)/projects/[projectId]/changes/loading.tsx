import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return <ListSkeleton label="Loading changes…" rows={4} />;
}

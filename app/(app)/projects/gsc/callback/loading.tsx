import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return <ListSkeleton label="Connecting the console…" rows={2} />;
}

import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return <ListSkeleton label="Connecting Google Search Console…" rows={2} />;
}

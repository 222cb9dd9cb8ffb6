import { ListSkeleton } from "@/components/ui/skeleton-blocks";

export default function Loading() {
  return <ListSkeleton label="Loading the robots.txt tester…" rows={4} />;
}

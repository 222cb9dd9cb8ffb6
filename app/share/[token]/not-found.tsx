import { EmptyState } from "@/components/ui/empty-state";

/** An issue page of a live link that shows nothing: the type is not one, or the project has no such issue (any more). */
export default function SharedPageNotFound() {
  return (
    <EmptyState title="Nothing to show here">
      This issue is not part of the shared report (it may have been dismissed since the link was sent). The Issues tab lists what is open and what was resolved.
    </EmptyState>
  );
}

import { Badge } from "@/components/ui/badge";
import type { Project } from "@/lib/queries/projects";

export function ProjectStatusBadge({ status }: { status: Project["status"] }) {
  return status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Paused</Badge>;
}

/** Verified ownership, or a prompt to prove it. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge tone="info">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3 fill-current">
        <path d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5.1-5.1L12.7 5z" />
      </svg>
      Verified
    </Badge>
  ) : (
    <Badge tone="warning">Not verified</Badge>
  );
}

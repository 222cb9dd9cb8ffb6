"use client";

import { useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerButton } from "@/components/ui/danger-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { deleteProject, projectKeys, setProjectStatus, type Project } from "@/lib/queries/projects";
import { ProjectCounters } from "./project-counters";
import { ProjectStatusBadge, VerifiedBadge } from "./project-badges";
import { projectHref } from "./project-paths";

type Confirming = null | "pause" | "delete";

/** One project in the list: name, domain, badges, live counters, pause/resume and delete. */
export function ProjectRow({ orgId, project, onChanged, onDeleted }: { orgId: string; project: Project; onChanged: (message: string) => void; onDeleted: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const paused = project.status === "paused";

  async function changeStatus(status: Project["status"]) {
    await setProjectStatus(orgId, project.id, status);
    await queryClient.invalidateQueries({ queryKey: projectKeys.org(orgId) });
    onChanged(status === "paused" ? `“${project.name}” paused.` : `“${project.name}” resumed.`);
  }

  async function resume() {
    setResuming(true);
    setError(null);
    try {
      await changeStatus("active");
    } catch (e) {
      setError(e);
    } finally {
      setResuming(false);
    }
  }

  return (
    <li data-testid="project-row" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">
            <Link href={projectHref(project.id, project.verified ? "" : "setup")} className="wrap-anywhere text-brand-700 underline-offset-2 hover:underline">
              {project.name}
            </Link>
          </h2>
          {project.name !== project.domain && <p className="wrap-anywhere text-sm text-slate-600">{project.domain}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            <ProjectStatusBadge status={project.status} />
            <VerifiedBadge verified={project.verified} />
          </div>
        </div>
        <div className="w-full sm:w-auto sm:min-w-80">
          <ProjectCounters orgId={orgId} projectId={project.id} />
        </div>
      </div>
      {error !== null && <ErrorAlert error={error} className="mt-3" />}
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {!project.verified && (
          <Link href={projectHref(project.id, "setup")} className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
            Continue setup<span className="sr-only"> of {project.name}</span>
          </Link>
        )}
        {paused ? (
          <Button variant="ghost" className="px-3 py-1.5" onClick={resume} disabled={resuming} aria-label={`Resume ${project.name}`}>
            {resuming ? "Resuming…" : "Resume"}
          </Button>
        ) : (
          <Button variant="ghost" className="px-3 py-1.5" onClick={() => setConfirming("pause")} aria-haspopup="dialog" aria-label={`Pause ${project.name}`}>
            Pause
          </Button>
        )}
        <DangerButton look="subtle" className="px-3 py-1.5" onClick={() => setConfirming("delete")} aria-haspopup="dialog" aria-label={`Delete ${project.name}`}>
          Delete
        </DangerButton>
      </div>

      {confirming === "pause" && (
        <ConfirmDialog
          title="Pause project"
          confirmLabel="Pause project"
          busyLabel="Pausing…"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await changeStatus("paused");
            setConfirming(null);
          }}
        >
          <p>
            Pause <strong className="wrap-anywhere">{project.name}</strong>? Scheduled sitemap syncs and inspections stop until you resume it. A paused project still
            counts towards your project limit.
          </p>
        </ConfirmDialog>
      )}
      {confirming === "delete" && (
        <ConfirmDialog
          title="Delete project"
          confirmLabel="Delete project"
          busyLabel="Deleting…"
          danger
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await deleteProject(orgId, project.id);
            setConfirming(null);
            onDeleted(`“${project.name}” deleted.`);
            await queryClient.invalidateQueries({ queryKey: projectKeys.org(orgId) });
          }}
        >
          <p>
            Delete <strong className="wrap-anywhere">{project.name}</strong> ({project.domain})? Its tracked URLs, issues and history are no longer shown and the
            domain can be added again. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

import type { ReactNode } from "react";
import Link from "next/link";
import { ProjectStatusBadge, VerifiedBadge } from "@/components/projects/project-badges";
import { ProjectNav } from "@/components/projects/project-nav";
import { projectOr404 } from "./project-or-404";

/** The project shell: breadcrumb, name (the page's h1), domain, badges and the tab navigation. */
export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const { project } = await projectOr404(projectId);

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link href="/projects" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Projects
          </Link>
          <span aria-hidden="true" className="px-1.5 text-slate-400">
            /
          </span>
          <span aria-current="page" className="wrap-anywhere text-slate-700">
            {project.name}
          </span>
        </nav>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="wrap-anywhere text-2xl font-semibold">{project.name}</h1>
          <ProjectStatusBadge status={project.status} />
          <VerifiedBadge verified={project.verified} />
        </div>
        {project.name !== project.domain && <p className="wrap-anywhere text-sm text-slate-600">{project.domain}</p>}
      </div>
      <ProjectNav projectId={project.id} />
      {children}
    </div>
  );
}

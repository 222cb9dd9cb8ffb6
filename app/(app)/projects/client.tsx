"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { CreateProjectDialog } from "@/components/projects/create-project-dialog";
import { ProjectRow } from "@/components/projects/project-row";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { inputClasses } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { projectsQuery, type ProjectListParams } from "@/lib/queries/projects";
import { projectListHref, PROJECTS_PAGE_SIZE } from "./search-params";

export function ProjectsClient({ orgId, initial }: { orgId: string | null; initial: ProjectListParams }) {
  const router = useRouter();
  const [search, setSearch] = useState(initial.q);
  const [params, setParams] = useState(initial);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const projects = useQuery({ ...projectsQuery(orgId ?? "", params), enabled: orgId !== null });

  // Typing searches after a pause; the URL keeps the search and page so reloads and links keep them.
  useEffect(() => {
    const q = search.trim();
    if (q === params.q) return;
    const t = setTimeout(() => setParams({ q, offset: 0, limit: PROJECTS_PAGE_SIZE }), 250);
    return () => clearTimeout(t);
  }, [search, params.q]);
  useEffect(() => {
    window.history.replaceState(null, "", projectListHref(params));
  }, [params]);

  if (!orgId) {
    return (
      <EmptyState title="No organization yet">
        Projects belong to an organization and you are not a member of any. Ask an owner to invite you.
      </EmptyState>
    );
  }

  const createButton = (
    <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
      Add website
    </Button>
  );
  const total = projects.data?.meta.total ?? 0;
  const hasSearch = params.q !== "";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
          Projects
        </h1>
        {createButton}
      </div>

      <div role="search" className="max-w-md">
        <label htmlFor="project-search" className="sr-only">
          Search projects by name or domain
        </label>
        <input
          id="project-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by name or domain"
          className={inputClasses}
        />
      </div>

      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>

      {projects.isPending ? (
        <ListSkeleton label="Loading projects…" />
      ) : projects.isError ? (
        <QueryError error={projects.error} retry={projects.refetch} />
      ) : projects.data.data.length === 0 ? (
        hasSearch ? (
          <EmptyState title={`No projects match “${params.q}”`} action={<Button variant="secondary" onClick={() => setSearch("")}>Clear the search</Button>}>
            The search looks at project names and domains.
          </EmptyState>
        ) : params.offset > 0 ? (
          <EmptyState title="This page is empty" action={<Button variant="secondary" onClick={() => setParams({ ...params, offset: 0 })}>Go to the first page</Button>} />
        ) : (
          <EmptyState title="Add your first website" action={createButton}>
            A project watches one domain: add it, prove that it is yours, and IndexWatch reads its sitemap and starts tracking which pages search engines have
            indexed.
          </EmptyState>
        )
      ) : (
        <div aria-busy={projects.isPlaceholderData || undefined} className={projects.isPlaceholderData ? "opacity-60" : undefined}>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {hasSearch ? `${total} ${total === 1 ? "project matches" : "projects match"} “${params.q}”` : `${total} ${total === 1 ? "project" : "projects"}`}
          </p>
          <ul className="space-y-3" aria-label="Projects">
            {projects.data.data.map((project) => (
              <ProjectRow
                key={project.id}
                orgId={orgId}
                project={project}
                onChanged={(message) => setNotice(message)}
                onDeleted={(message) => {
                  setNotice(message);
                  headingRef.current?.focus();
                }}
              />
            ))}
          </ul>
          <Pagination label="Project pages" offset={params.offset} limit={params.limit} total={total} shown={projects.data.data.length} onOffset={(offset) => setParams({ ...params, offset })} />
        </div>
      )}

      {creating && (
        <CreateProjectDialog
          orgId={orgId}
          onClose={() => setCreating(false)}
          onCreated={(project) => {
            setCreating(false);
            router.push(`/projects/${project.id}/setup`);
          }}
        />
      )}
    </div>
  );
}

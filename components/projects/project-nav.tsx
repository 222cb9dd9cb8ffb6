import { TabNav } from "@/components/ui/tabs";
import { projectHref } from "./project-paths";

/** The tabs of the project shell. */
export function ProjectNav({ projectId }: { projectId: string }) {
  return (
    <TabNav
      label="Project"
      tabs={[
        { href: projectHref(projectId), label: "Overview", exact: true },
        { href: projectHref(projectId, "urls"), label: "URLs" },
        { href: projectHref(projectId, "imports"), label: "Imports" },
        { href: projectHref(projectId, "issues"), label: "Issues" },
        { href: projectHref(projectId, "diagnosis"), label: "Why not indexed" },
        { href: projectHref(projectId, "sitemaps"), label: "Sitemaps" },
        { href: projectHref(projectId, "submissions"), label: "Submissions" },
        { href: projectHref(projectId, "crawl"), label: "Crawl activity" },
        { href: projectHref(projectId, "removals"), label: "Removals" },
        { href: projectHref(projectId, "rendering"), label: "Rendering" },
        { href: projectHref(projectId, "links"), label: "Links" },
        { href: projectHref(projectId, "changes"), label: "Changes" },
        { href: projectHref(projectId, "robots"), label: "robots.txt tester" },
        { href: projectHref(projectId, "connections"), label: "Connections" },
        { href: projectHref(projectId, "reports"), label: "Client reports" },
      ]}
    />
  );
}

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import type { Project } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";
import { StepPanel } from "./step-panel";

/** Step 5: what the project has now and what to do next. */
export function DoneStep({ project, focus, onProveOwnership }: { project: Project; focus: boolean; onProveOwnership: () => void }) {
  const link = "text-brand-700 underline underline-offset-2 hover:text-brand-800";
  return (
    <StepPanel title={project.verified ? "Your project is set up" : "Almost there"} focusOnMount={focus}>
      {!project.verified && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>Ownership is not verified yet: scheduled inspections and IndexNow submissions wait for it.</p>
          <Button variant="secondary" className="mt-2" onClick={onProveOwnership}>
            Prove ownership now
          </Button>
        </div>
      )}
      <div>
        <h3 className="text-sm font-semibold">What to do next</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Watch the live counters on the{" "}
            <Link href={projectHref(project.id)} className={link}>
              overview
            </Link>
            : health and indexing fill in as URLs are checked.
          </li>
          <li>
            Review the{" "}
            <Link href={projectHref(project.id, "issues")} className={link}>
              issues
            </Link>{" "}
            found on your pages, grouped by type.
          </li>
          <li>
            Track pages missing from your sitemap by{" "}
            <Link href={projectHref(project.id, "imports")} className={link}>
              importing a list of URLs
            </Link>{" "}
            (free).
          </li>
          <li>
            Check which sitemaps were read on the{" "}
            <Link href={projectHref(project.id, "sitemaps")} className={link}>
              sitemaps
            </Link>{" "}
            page.
          </li>
        </ul>
      </div>
      <Link href={projectHref(project.id)} className={buttonClasses("primary")}>
        Go to the overview
      </Link>
    </StepPanel>
  );
}

"use client";

import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { probeProject, type Project } from "@/lib/queries/projects";
import { ProbeResultList } from "../probe-result";
import { StepPanel } from "./step-panel";

/** Step 2: the availability probe runs as soon as the step opens; it is allowed before verification. */
export function ProbeStep({ orgId, project, focus, onProbed, onContinue }: { orgId: string; project: Project; focus: boolean; onProbed: () => void; onContinue: () => void }) {
  const probe = useMutation({ mutationFn: () => probeProject(orgId, project.id), onSuccess: onProbed });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    probe.mutate();
  }, [probe]);

  const r = probe.data;
  const noSitemap = r && r.siteReachable && !r.sitemapPresent && r.robotsSitemapUrls.length === 0;
  return (
    <StepPanel
      title="Check the site"
      focusOnMount={focus}
      intro={
        <>
          IndexWatch looks for <code>robots.txt</code>, <code>llms.txt</code> and your sitemap at <span className="wrap-anywhere font-medium">https://{project.domain}</span>.
        </>
      }
    >
      <div aria-live="polite">
        {probe.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
            Checking {project.domain}…
          </p>
        ) : probe.isError ? (
          <ErrorAlert error={probe.error} />
        ) : r ? (
          <div className="space-y-3">
            <ProbeResultList result={r} sitemapUrl={project.sitemapUrl} />
            {noSitemap && (
              <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                No sitemap was found, and robots.txt names none. You can continue: add the sitemap to your site later, or import a list of URLs once the project
                is set up.
              </p>
            )}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onContinue} disabled={probe.isPending} variant={r && !r.siteReachable ? "secondary" : "primary"}>
          {r && !r.siteReachable ? "Continue anyway" : "Continue"}
        </Button>
        <Button variant="secondary" onClick={() => probe.mutate()} disabled={probe.isPending}>
          Check again
        </Button>
      </div>
    </StepPanel>
  );
}

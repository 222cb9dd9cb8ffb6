import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import type { Project } from "@/lib/queries/projects";
import { projectHref } from "../project-paths";

/** Each way of proving ownership and whether it holds; any one makes the project verified. */
export function VerificationStatus({ project }: { project: Project }) {
  const methods: Array<[string, string | null, string]> = [
    ["DNS TXT record", project.dnsVerifiedAt, "Verified"],
    ["IndexNow key file", project.indexNowKeyVerifiedAt, "Verified"],
    ["Google Search Console", project.gscConnectedAt, "Connected"],
    ["Bing Webmaster Tools", project.engineBConnectedAt, "Connected"],
  ];
  return (
    <Card>
      <h2 className="text-base font-semibold">Ownership</h2>
      <p className="mt-1 text-sm text-slate-600">
        {project.verified ? "Verified: scheduled inspections can be turned on." : "Not verified yet: prove that the domain is yours with any one method."}
      </p>
      <dl className="mt-3 divide-y divide-slate-100" data-testid="verification-status">
        {methods.map(([label, at, done]) => (
          <div key={label} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <dt>{label}</dt>
            <dd className="flex items-center gap-2">
              {at ? (
                <>
                  <Badge tone="success">{done}</Badge>
                  <span className="text-xs text-slate-600">{formatDateTime(at)}</span>
                </>
              ) : (
                <Badge>{done === "Verified" ? "Not verified" : "Not connected"}</Badge>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {!project.verified && (
        <Link href={projectHref(project.id, "setup")} className={buttonClasses("primary", "mt-4")}>
          Prove ownership
        </Link>
      )}
    </Card>
  );
}

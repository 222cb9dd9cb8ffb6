"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { EngineBConnectForm } from "@/components/connections/engine-b-card";
import { GscConnectForm } from "@/components/connections/gsc-card";
import type { Project } from "@/lib/queries/projects";
import { verificationQuery } from "@/lib/queries/verification";
import { DnsMethod } from "./dns-method";
import { IndexNowMethod } from "./indexnow-method";
import { StepPanel } from "./step-panel";

type Method = "dns" | "indexnow" | "console" | "engineB";

const METHODS: readonly [Method, string, string][] = [
  ["dns", "DNS TXT record", "Add one record at your DNS provider."],
  ["indexnow", "IndexNow key file", "Upload one small text file to your site."],
  ["console", "Google Search Console", "Connect the Search Console account where the domain is verified."],
  ["engineB", "Bing Webmaster Tools API key", "Paste an API key from Bing Webmaster Tools."],
];

/** How the domain was proved, in words. */
function verifiedBy(v: { dnsVerifiedAt: string | null; indexNowKeyVerifiedAt: string | null; gscConnectedAt: string | null; engineBConnectedAt: string | null }) {
  if (v.dnsVerifiedAt) return "Verified through the DNS record.";
  if (v.indexNowKeyVerifiedAt) return "Verified through the IndexNow key file.";
  if (v.gscConnectedAt) return "Verified through the Google Search Console connection.";
  if (v.engineBConnectedAt) return "Verified through Bing Webmaster Tools.";
  return "Ownership is verified.";
}

/**
 * Step 3: a DNS TXT record, an IndexNow key file, or a connection to either engine (where the domain is already
 * verified) proves the domain is the user's. Google's consent comes back to this step.
 */
export function OwnershipStep({ orgId, project, focus, onVerified, onContinue, onSkip }: {
  orgId: string; project: Project; focus: boolean; onVerified: () => void; onContinue: () => void; onSkip: () => void;
}) {
  const verification = useQuery(verificationQuery(orgId, project.id));
  const [method, setMethod] = useState<Method>(project.indexNowKey && !project.dnsVerificationToken ? "indexnow" : "dns");
  const v = verification.data;

  return (
    <StepPanel
      title="Prove that you own the domain"
      focusOnMount={focus}
      intro="Any one method is enough. Verified ownership lets IndexWatch submit your URLs to IndexNow and run scheduled inspections."
    >
      {verification.isPending ? (
        <div role="status" aria-busy="true" className="h-40 animate-pulse rounded bg-slate-100">
          <span className="sr-only">Loading the verification state…</span>
        </div>
      ) : verification.isError ? (
        <div className="space-y-2">
          <ErrorAlert error={verification.error} />
          <Button variant="secondary" onClick={() => verification.refetch()}>
            Try again
          </Button>
        </div>
      ) : v!.verified ? (
        <div className="space-y-3">
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="ownership-verified">
            {verifiedBy(v!)} You can go on to the first sitemap sync.
          </p>
          <Button onClick={onContinue}>Continue</Button>
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Method</legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-x-6">
              {METHODS.map(([id, label, hint]) => (
                <label key={id} className="flex cursor-pointer items-start gap-2 text-sm">
                  <input type="radio" name="ownership-method" value={id} checked={method === id} onChange={() => setMethod(id)} className="mt-0.5 size-4 accent-brand-600" />
                  <span>
                    <span className="font-medium text-slate-900">{label}</span>
                    <span className="block text-xs text-slate-600">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {method === "dns" ? (
            <DnsMethod orgId={orgId} verification={v!} onVerified={onVerified} />
          ) : method === "indexnow" ? (
            <IndexNowMethod orgId={orgId} verification={v!} onVerified={onVerified} />
          ) : method === "console" ? (
            <GscConnectForm orgId={orgId} projectId={project.id} domain={project.domain} initialProperty={null} reconnect={false} from="setup" />
          ) : (
            <EngineBConnectForm orgId={orgId} projectId={project.id} onConnected={() => { void verification.refetch(); onVerified(); }} />
          )}
          <p className="border-t border-slate-100 pt-3 text-sm text-slate-600">
            Not now?{" "}
            <button type="button" onClick={onSkip} className="font-medium text-brand-700 underline underline-offset-2">
              Skip to the sitemap sync
            </button>{" "}
            and come back to this step from the project later.
          </p>
        </div>
      )}
    </StepPanel>
  );
}

"use client";

import { useEffect, useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import { disconnectGsc, gscOAuthUrl, type Connections } from "@/lib/queries/connections";
import { ConnectionError } from "./connection-error";
import { DisconnectButton } from "./disconnect-button";
import { QUOTA_NOTE } from "./labels";
import { newOAuthState, savePendingConsent, type ConsentOrigin } from "./pending-consent";

const n = (v: number) => v.toLocaleString("en-US");

/**
 * Google Search Console: connect through its consent page (GET gsc/oauth-url, the state and the
 * chosen property kept in sessionStorage for /projects/gsc/callback), the property and since when, a revoked grant
 * with a reconnect call to action, today's inspection quota and the shared-quota warning, disconnect.
 */
export function GscCard({ orgId, projectId, domain, gsc }: { orgId: string; projectId: string; domain: string; gsc: Connections["gsc"] }) {
  const revoked = !gsc.connected && gsc.revokedAt !== null;
  const status = gsc.connected ? <Badge tone="success">Connected</Badge> : revoked ? <Badge tone="danger">Access revoked</Badge> : <Badge>Not connected</Badge>;
  return (
    <Card>
      <section aria-labelledby="gsc-heading" data-testid="gsc-card" className="space-y-4">
        <div>
          <h2 id="gsc-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
            Google Search Console <span data-testid="gsc-status">{status}</span>
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Read-only access to your Search Console property lets IndexWatch ask Google whether each URL is indexed, and proves ownership of {domain}.
          </p>
        </div>

        {revoked && (
          <div role="status" data-testid="gsc-revoked" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">Access was revoked {gsc.revokedAt ? `on ${formatDateTime(gsc.revokedAt)}` : ""}.</p>
            <p>Google Search Console no longer accepts IndexWatch&apos;s access, so Google inspections have stopped. Reconnect below to resume them.</p>
          </div>
        )}

        {(gsc.connected || revoked) && (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-slate-600">Property</dt>
              <dd className="wrap-anywhere font-medium text-slate-900" data-testid="gsc-property">{gsc.propertyUrl ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Connected since</dt>
              <dd className="font-medium text-slate-900">{gsc.connectedAt ? <time dateTime={gsc.connectedAt}>{formatDateTime(gsc.connectedAt)}</time> : "—"}</dd>
            </div>
          </dl>
        )}

        {gsc.connected && <Quota gsc={gsc} />}

        {!gsc.connected && <GscConnectForm orgId={orgId} projectId={projectId} domain={domain} initialProperty={gsc.propertyUrl} reconnect={revoked} />}
        {/* A revoked grant keeps its property and date (the ownership proof) until a new connection or a disconnect. */}
        {(gsc.connected || revoked) && (
          <DisconnectButton
            orgId={orgId}
            projectId={projectId}
            label="Disconnect Google Search Console"
            title="Disconnect Google Search Console?"
            disconnect={() => disconnectGsc(orgId, projectId)}
          >
            <p>
              IndexWatch forgets its access to {gsc.propertyUrl ? <strong className="wrap-anywhere">{gsc.propertyUrl}</strong> : "the property"} and stops inspecting
              URLs through Search Console. The Google states already recorded on your URLs stay. To revoke the access at Google too, remove IndexWatch in
              your Google Account&apos;s security settings.
            </p>
          </DisconnectButton>
        )}
      </section>
    </Card>
  );
}

function Quota({ gsc }: { gsc: Connections["gsc"] }) {
  const used = gsc.quotaUsedToday;
  const limit = gsc.quotaLimit;
  return (
    <div className="space-y-2" data-testid="gsc-quota">
      <ProgressBar
        label={`Inspections today: ${n(used)} / ${n(limit)}`}
        value={used}
        max={limit}
        valueText={`${n(used)} of ${n(limit)} inspections used today`}
      />
      <p className="text-xs text-slate-600">{QUOTA_NOTE}; it starts again at midnight Pacific time.</p>
      {gsc.sharedQuotaDetected && (
        <div role="status" data-testid="gsc-shared-quota" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">Quota shared with another tool: {n(gsc.quotaUsedElsewhereToday)} used elsewhere today.</p>
          <p>
            Search Console refused inspections before IndexWatch had used {n(limit)} today, so something else spends the same daily quota. Fewer URLs
            can be inspected through Search Console until it resets; give IndexWatch its own property (for example a URL-prefix property) to avoid this.
          </p>
        </div>
      )}
    </div>
  );
}

/** Starts Google's consent for a property (prefilled `sc-domain:{domain}`); `from` is where the callback leads back. */
export function GscConnectForm({ orgId, projectId, domain, initialProperty, reconnect, from = "connections" }: {
  orgId: string; projectId: string; domain: string; initialProperty: string | null; reconnect: boolean; from?: ConsentOrigin;
}) {
  const id = useId();
  const [property, setProperty] = useState(initialProperty ?? `sc-domain:${domain}`);
  const start = useMutation({
    mutationFn: async (propertyUrl: string) => {
      const state = newOAuthState();
      const { authorizeUrl, state: issued } = await gscOAuthUrl(orgId, projectId, state);
      savePendingConsent(issued, { organizationId: orgId, projectId, propertyUrl, from });
      window.location.assign(authorizeUrl);
      // Stay pending while the browser leaves for the consent page.
      await new Promise(() => {});
    },
  });
  // Back from the consent page through the browser's history (a page restored from the back/forward cache): ready again.
  const { reset } = start;
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);
  const empty = property.trim() === "";
  return (
    <form
      className="space-y-3"
      aria-describedby={`${id}-how`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) start.mutate(property.trim());
      }}
    >
      <p id={`${id}-how`} className="max-w-prose text-sm text-slate-700">
        {reconnect ? "Reconnect" : "Connect"} in three steps: choose the property, grant read-only access on Google&apos;s page, and you come back here.
      </p>
      <TextField
        label="Search Console property"
        name="propertyUrl"
        value={property}
        onChange={(e) => setProperty(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        required
        className="max-w-xl"
        hint={<>A domain property (<code>sc-domain:{domain}</code>) or a URL-prefix property (<code>https://{domain}/</code>) that covers {domain}.</>}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={start.isPending || empty}>
          {start.isPending ? "Opening Google Search Console…" : reconnect ? "Reconnect Google Search Console" : "Connect Google Search Console"}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {start.isError && <ConnectionError error={start.error} />}
      </div>
    </form>
  );
}

"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerButton } from "@/components/ui/danger-button";
import { TextField } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { QueryError } from "@/components/ui/query-error";
import { addGscProperty, coverageKeys, gscPropertiesQuery, removeGscProperty, type GscProperty } from "@/lib/queries/coverage";
import { GscPropertyError } from "./gsc-property-error";

const n = (v: number) => v.toLocaleString("en-US");
const PERMISSIONS: Record<string, string> = { siteOwner: "Owner", siteFullUser: "Full user", siteRestrictedUser: "Restricted user" };

/**
 * The Google Search Console properties a project inspects through: the main one and the pooled URL-prefix ones,
 * each with its quota use today, the URLs it covers and a shared-quota warning; add a URL-prefix property of the
 * connected account (the API's 400/409 explained), remove a pooled one after a confirmation.
 */
export function GscPropertiesCard({ orgId, projectId, domain, className }: { orgId: string; projectId: string; domain: string; className?: string }) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const properties = useQuery(gscPropertiesQuery(orgId, projectId));
  // After a removal the row, its button and its dialog are gone: focus moves to the list's heading once the page is no longer inert.
  const focusAfterRemoval = useRef<string | null>(null);
  useEffect(() => {
    const removed = focusAfterRemoval.current;
    if (removed && properties.data && !properties.data.some((p) => p.propertyUrl === removed)) {
      focusAfterRemoval.current = null;
      headingRef.current?.focus();
    }
  }, [properties.data]);
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: coverageKeys.gscProperties(orgId, projectId) });
    await queryClient.invalidateQueries({ queryKey: coverageKeys.coverage(orgId, projectId) });
  };

  return (
    <Card className={className}>
      <section aria-labelledby={`${id}-heading`} data-testid="gsc-properties" className="space-y-4">
        <div>
          <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-base font-semibold">Google Search Console properties</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Google allows 2,000 URL inspections a day per property. Add URL-prefix properties of {domain} from the same Google account to inspect
            more URLs each day: each URL goes through the most specific property that covers it and has quota left.
          </p>
        </div>
        {properties.isPending ? (
          <div role="status" aria-busy="true" className="h-24 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the properties…</span></div>
        ) : properties.isError ? (
          <QueryError error={properties.error} retry={properties.refetch} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Properties">
            {properties.data.map((p) => (
              <PropertyRow
                key={p.id}
                p={p}
                main={properties.data.find((q) => q.role === "main")?.propertyUrl ?? null}
                remove={async () => {
                  await removeGscProperty(orgId, projectId, p.id);
                  focusAfterRemoval.current = p.propertyUrl;
                  await refresh();
                  setAnnouncement(`Removed ${p.propertyUrl}.`);
                }}
              />
            ))}
          </ul>
        )}
        <AddPropertyForm orgId={orgId} projectId={projectId} domain={domain} onAdded={async (p) => { await refresh(); setAnnouncement(`Added ${p.propertyUrl}.`); }} />
        <p role="status" className="sr-only">{announcement}</p>
      </section>
    </Card>
  );
}

function PropertyRow({ p, main, remove }: { p: GscProperty; main: string | null; remove: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const pooled = p.role === "pooled";
  const permission = p.permissionLevel ? PERMISSIONS[p.permissionLevel] ?? p.permissionLevel : null;
  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0" data-testid="gsc-property-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="wrap-anywhere text-sm font-semibold text-slate-900">{p.propertyUrl}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            {pooled ? <Badge>Pooled</Badge> : <Badge tone="info">Main property</Badge>}
            {permission && <span>{permission} access</span>}
            <span aria-hidden="true">·</span>
            <span data-testid="gsc-property-urls">{n(p.urlsCovered)} {p.urlsCovered === 1 ? "URL" : "URLs"} covered</span>
          </p>
        </div>
        {pooled && (
          <DangerButton look="subtle" className="border border-red-200 px-3 py-1.5" onClick={() => setConfirming(true)} aria-haspopup="dialog" aria-label={`Remove ${p.propertyUrl}`}>
            Remove
          </DangerButton>
        )}
      </div>
      <ProgressBar
        label={`${n(p.quotaUsedToday)} of ${n(p.quotaLimit)} inspections today`}
        value={p.quotaUsedToday}
        max={p.quotaLimit}
        valueText={`${n(p.quotaUsedToday)} of ${n(p.quotaLimit)} inspections used today through ${p.propertyUrl}`}
      />
      {p.sharedQuotaDetected && (
        <div data-testid="gsc-property-shared-quota" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-semibold">Shared quota detected</p>
          <p>
            Google refused inspections through this property before IndexWatch had used {n(p.quotaLimit)} today: another tool spends the same
            quota. Fewer URLs can be inspected through it until midnight Pacific time.
          </p>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Remove this property?"
          confirmLabel="Remove"
          busyLabel="Removing…"
          danger
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove();
            setConfirming(false);
          }}
        >
          <p>
            IndexWatch stops inspecting through <strong className="wrap-anywhere">{p.propertyUrl}</strong>
            {main ? <>; the URLs under it are inspected through <span className="wrap-anywhere">{main}</span> instead, within that property&apos;s quota</> : ""}.
            The property stays in your Google account, and the verdicts already recorded stay on your URLs.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function AddPropertyForm({ orgId, projectId, domain, onAdded }: { orgId: string; projectId: string; domain: string; onAdded: (p: GscProperty) => Promise<void> }) {
  const [value, setValue] = useState("");
  const add = useMutation({
    mutationFn: (propertyUrl: string) => addGscProperty(orgId, projectId, propertyUrl),
    onSuccess: async (p) => {
      setValue("");
      await onAdded(p);
    },
  });
  const propertyUrl = value.trim();
  return (
    <form
      className="space-y-3 border-t border-slate-100 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (propertyUrl) add.mutate(propertyUrl);
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Add a URL-prefix property"
          name="pooledPropertyUrl"
          inputMode="url"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (add.isError) add.reset();
          }}
          placeholder={`https://${domain}/blog/`}
          autoComplete="off"
          spellCheck={false}
          required
          className="min-w-0 flex-1"
          error={add.isError ? "Not added; see below." : undefined}
          hint={`A URL-prefix property inside ${domain} that the connected Google account owns or fully uses.`}
        />
        <Button type="submit" className="self-start sm:mt-6" disabled={add.isPending || !propertyUrl}>
          {add.isPending ? "Checking with Google…" : "Add property"}
        </Button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {add.isError && <GscPropertyError error={add.error} domain={domain} />}
      </div>
    </form>
  );
}

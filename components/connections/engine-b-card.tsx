"use client";

import { useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { connectEngineB, disconnectEngineB, type Connections } from "@/lib/queries/connections";
import { ConnectionError } from "./connection-error";
import { DisconnectButton } from "./disconnect-button";
import { engineBSitesOf } from "./labels";
import { useRefreshConnections } from "./use-refresh-connections";

/**
 * Bing Webmaster Tools (its API): connect with an API key (a password field; the key is sent once and never
 * shown again), its 400/409/502 explained, since when, the last failure of a call with the key, disconnect.
 */
export function EngineBCard({ orgId, projectId, domain, engineB }: { orgId: string; projectId: string; domain: string; engineB: Connections["engineB"] }) {
  return (
    <Card>
      <section aria-labelledby="engine-b-heading" data-testid="engine-b-card" className="space-y-4">
        <div>
          <h2 id="engine-b-heading" className="flex flex-wrap items-center gap-2 text-base font-semibold">
            Bing Webmaster Tools{" "}
            <span data-testid="engine-b-status">{engineB.connected ? <Badge tone="success">Connected</Badge> : <Badge>Not connected</Badge>}</span>
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            With an API key of a Bing Webmaster Tools account where {domain} is verified, IndexWatch reads each URL&apos;s state at Bing, and the key proves ownership.
          </p>
        </div>
        {engineB.connected ? (
          <>
            <dl className="text-sm">
              <dt className="text-slate-600">Connected since</dt>
              <dd className="font-medium text-slate-900">{engineB.connectedAt ? <time dateTime={engineB.connectedAt}>{formatDateTime(engineB.connectedAt)}</time> : "—"}</dd>
            </dl>
            {engineB.lastError && (
              <div role="status" data-testid="engine-b-last-error" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <p className="font-semibold">The last call to Bing Webmaster Tools failed.</p>
                <p className="break-words">{engineB.lastError}</p>
                <p>If the key was replaced or removed in Bing Webmaster Tools, disconnect and connect again with the new key.</p>
              </div>
            )}
            <DisconnectButton
              orgId={orgId}
              projectId={projectId}
              label="Disconnect Bing Webmaster Tools"
              title="Disconnect Bing Webmaster Tools?"
              disconnect={() => disconnectEngineB(orgId, projectId)}
            >
              <p>IndexWatch deletes the stored key and stops reading URL states from Bing. The states already recorded on your URLs stay; the key itself keeps working in Bing Webmaster Tools.</p>
            </DisconnectButton>
          </>
        ) : (
          <EngineBConnectForm orgId={orgId} projectId={projectId} />
        )}
      </section>
    </Card>
  );
}

/** The Bing Webmaster Tools key form: a test call lists the key's sites, which must include the domain, verified. */
export function EngineBConnectForm({ orgId, projectId, onConnected }: { orgId: string; projectId: string; onConnected?: () => void }) {
  const id = useId();
  const [apiKey, setApiKey] = useState("");
  const refresh = useRefreshConnections(orgId, projectId);
  const connect = useMutation({
    mutationFn: (key: string) => connectEngineB(orgId, projectId, key),
    onSuccess: async () => {
      setApiKey("");
      await refresh();
      onConnected?.();
    },
  });
  const sites = connect.isError ? engineBSitesOf(connect.error) : [];
  const key = apiKey.trim();
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (key) connect.mutate(key);
      }}
    >
      <TextField
        label="Bing Webmaster Tools API key"
        type="password"
        name="engineBApiKey"
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        required
        minLength={16}
        className="max-w-xl"
        error={connect.isError ? "The key was not accepted; see below." : undefined}
        hint={`In Bing Webmaster Tools: Settings, API access. It is stored encrypted and never shown again.`}
      />
      <Button type="submit" disabled={connect.isPending || !key}>
        {connect.isPending ? "Checking the key…" : "Connect Bing Webmaster Tools"}
      </Button>
      <div aria-live="polite" id={`${id}-result`} className="space-y-2 empty:hidden">
        {connect.isError && <ConnectionError error={connect.error} />}
        {sites.length > 0 && (
          <div className="text-sm text-slate-700" data-testid="engine-b-sites">
            <p>Sites of this key in Bing Webmaster Tools:</p>
            <ul className="mt-1 list-disc pl-5">
              {sites.map((s) => <li key={s} className="wrap-anywhere">{s}</li>)}
            </ul>
          </div>
        )}
      </div>
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-error";
import { claimSsoDomain, disableSso, orgKeys, saveSso, ssoQuery, verifySsoDomain, type SsoInput } from "@/lib/queries/organization";

const PROVIDERS: Record<SsoInput["provider"], string> = { provider_a: "Provider A", provider_b: "Provider B", custom_oidc: "Any OpenID Connect provider" };

/** Settings → Single sign-on: the OIDC provider, the email domains it covers (each proven by DNS), enforcement and a test sign-in. Owners change it. */
export function SsoSettings({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const sso = useQuery(ssoQuery(organizationId));
  const [form, setForm] = useState<SsoInput | null>(null);
  const [domain, setDomain] = useState("");
  const [notice, setNotice] = useState("");
  const [disabling, setDisabling] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.sso(organizationId) });
  const current = sso.data ?? null;
  const values: SsoInput = form ?? { provider: current?.provider ?? "custom_oidc", issuer: current?.issuer ?? "", clientId: current?.clientId ?? "", clientSecret: "", enforce: current?.enforce ?? false };
  const set = (patch: Partial<SsoInput>) => setForm({ ...values, ...patch });

  const save = useMutation({ mutationFn: () => saveSso(organizationId, values), onSuccess: async () => { setForm(null); setNotice("Single sign-on saved."); await refresh(); } });
  const claim = useMutation({ mutationFn: () => claimSsoDomain(organizationId, domain.trim().toLowerCase()), onSuccess: async () => { setDomain(""); await refresh(); } });
  const verify = useMutation({
    mutationFn: (d: string) => verifySsoDomain(organizationId, d),
    onSuccess: async (r) => { setNotice(r.verified ? `${r.domain} is verified.` : `${r.domain}: ${r.error}`); await refresh(); },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  if (sso.isPending) return <p className="text-sm text-slate-600">Loading single sign-on…</p>;
  if (sso.isError) return <QueryError error={sso.error} retry={sso.refetch} />;
  return (
    <div className="space-y-8">
      <section aria-labelledby="sso-heading" className="space-y-3">
        <h2 id="sso-heading" className="text-lg font-semibold">Single sign-on</h2>
        <p className="max-w-prose text-sm text-slate-600">
          People with an address at your verified domains sign in through your identity provider (OpenID Connect) and join this organization as members.
          {!canManage && " Only owners can change it."}
        </p>
        <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
        {current && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="success">On</Badge> {PROVIDERS[current.provider]} at <code className="wrap-anywhere font-mono">{current.issuer}</code>
            {current.enforce && <Badge tone="warning">Enforced: no email links</Badge>}
            <a href={current.loginUrl} target="_blank" rel="noopener" className="text-brand-700 underline underline-offset-2">Test sign-in (new tab)</a>
          </p>
        )}
        {canManage && (
          <form onSubmit={submit} className="max-w-xl space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="sso-form">
            {save.isError && <ErrorAlert error={save.error} />}
            <div className="space-y-1">
              <label htmlFor="sso-provider" className="block text-sm font-medium text-slate-800">Provider</label>
              <select id="sso-provider" value={values.provider} onChange={(e) => set({ provider: e.target.value as SsoInput["provider"] })} className={inputClasses}>
                {Object.entries(PROVIDERS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
              </select>
            </div>
            <TextField label="Issuer URL" type="url" required value={values.issuer} onChange={(e) => set({ issuer: e.target.value })} placeholder="https://login.example.com" hint="We read its /.well-known/openid-configuration." />
            <TextField label="Client ID" required value={values.clientId} onChange={(e) => set({ clientId: e.target.value })} autoComplete="off" />
            <TextField label="Client secret" type="password" required value={values.clientSecret} onChange={(e) => set({ clientSecret: e.target.value })} autoComplete="new-password"
              hint={current ? "Enter it again to save changes; it is stored encrypted and never shown." : "Stored encrypted and never shown again."} />
            <div className="flex items-start gap-2">
              <input id="sso-enforce" type="checkbox" checked={values.enforce ?? false} onChange={(e) => set({ enforce: e.target.checked })} className="mt-0.5 size-4 accent-brand-600" />
              <label htmlFor="sso-enforce" className="text-sm text-slate-800">Enforce: people at the verified domains can only sign in through SSO (no email links)</label>
            </div>
            {current && (
              <div className="text-sm">
                <span className="text-slate-700">Redirect URI to register with the provider: </span>
                <code className="wrap-anywhere font-mono">{current.redirectUri}</code> <CopyButton value={current.redirectUri} />
              </div>
            )}
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? "Checking the issuer…" : current ? "Save changes" : "Turn on single sign-on"}</Button>
              {current && <Button variant="secondary" className="text-red-700" onClick={() => setDisabling(true)} aria-haspopup="dialog">Turn off</Button>}
            </div>
          </form>
        )}
      </section>

      {current && (
        <section aria-labelledby="domains-heading" className="space-y-3">
          <h2 id="domains-heading" className="text-lg font-semibold">Domains</h2>
          {(claim.isError || verify.isError) && <ErrorAlert error={claim.error ?? verify.error} />}
          {current.domains.length === 0 && <p className="text-sm text-slate-600">No domain claimed yet. Claim the domain of your people&apos;s email addresses, then prove it with a DNS record.</p>}
          <ul className="space-y-2">
            {current.domains.map((d) => (
              <li key={d.domain} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <strong>{d.domain}</strong>
                  {d.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Waiting for DNS</Badge>}
                  {canManage && !d.verified && (
                    <Button variant="secondary" className="px-2 py-1" disabled={verify.isPending} onClick={() => verify.mutate(d.domain)}>Verify now</Button>
                  )}
                </div>
                {!d.verified && (
                  <dl className="mt-2 grid gap-1 sm:grid-cols-[8rem_1fr]">
                    <dt className="text-slate-600">TXT name</dt><dd className="wrap-anywhere font-mono">{d.dnsRecordName} <CopyButton value={d.dnsRecordName} /></dd>
                    <dt className="text-slate-600">TXT value</dt><dd className="wrap-anywhere font-mono">{d.dnsRecordValue} <CopyButton value={d.dnsRecordValue} /></dd>
                  </dl>
                )}
                {d.error && !d.verified && <p className="mt-1 text-red-800">{d.error}</p>}
              </li>
            ))}
          </ul>
          {canManage && (
            <form onSubmit={(e) => { e.preventDefault(); claim.mutate(); }} className="flex max-w-lg items-end gap-2">
              <TextField label="Claim a domain" required value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com" className="flex-1" />
              <Button type="submit" variant="secondary" disabled={claim.isPending}>Claim</Button>
            </form>
          )}
        </section>
      )}
      {disabling && (
        <ConfirmDialog title="Turn off single sign-on?" confirmLabel="Turn off" busyLabel="Turning off…" danger onClose={() => setDisabling(false)}
          onConfirm={async () => { await disableSso(organizationId); setDisabling(false); setNotice("Single sign-on is off."); await refresh(); }}>
          The provider and the domain claims are removed; people sign in with email links again.
        </ConfirmDialog>
      )}
    </div>
  );
}

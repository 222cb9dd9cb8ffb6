"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { VerifyOutcome } from "./verify-outcome";
import { createDnsToken, verificationKey, verifyDns, type ProjectVerification } from "@/lib/queries/verification";

/** The TXT record to publish, with copy buttons, and "Check now" with the exact failure. */
export function DnsMethod({ orgId, verification: v, onVerified }: { orgId: string; verification: ProjectVerification; onVerified: () => void }) {
  const queryClient = useQueryClient();
  const key = verificationKey(orgId, v.projectId);
  const token = useMutation({
    mutationFn: () => createDnsToken(orgId, v.projectId),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      check.reset();
    },
  });
  const check = useMutation({
    mutationFn: () => verifyDns(orgId, v.projectId),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result.verification);
      if (result.verified) onVerified();
    },
  });

  if (!v.dnsRecordValue) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">IndexWatch gives you a TXT record with a value unique to this project. Publish it at your DNS provider, then check it here.</p>
        {token.isError && <ErrorAlert error={token.error} />}
        <Button onClick={() => token.mutate()} disabled={token.isPending}>
          {token.isPending ? "Creating…" : "Get my DNS record"}
        </Button>
      </div>
    );
  }

  const failure = check.data && !check.data.verified ? check.data.error : null;
  return (
    <div className="space-y-4">
      <div className="space-y-2 text-sm text-slate-700" data-testid="dns-record-why">
        <p>
          Add this TXT record at your DNS provider, exactly as shown. It is <strong className="font-medium text-slate-900">IndexWatch&apos;s own
          verification record</strong>: the name <code>_service</code> and the prefix <code className="whitespace-nowrap">service-site-verification=</code> are fixed by
          IndexWatch, not placeholders to fill in, and the part after <code>=</code> is unique to this project.
        </p>
        <p>
          Why: only someone who controls <strong className="font-medium wrap-anywhere">{v.domain}</strong> can publish it, so it proves
          the domain is yours before IndexWatch checks and reports on it. It is not Google&apos;s or Bing&apos;s record and does not replace
          them; it changes nothing for visitors or email. Some providers want only the first part of the name (<code>{v.dnsRecordName.split(".")[0]}</code>).
        </p>
      </div>
      <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm" data-testid="dns-record">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2">
          <dt className="w-14 shrink-0 text-slate-600">Type</dt>
          <dd className="font-mono">TXT</dd>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <dt className="w-14 shrink-0 text-slate-600">Name</dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <code className="wrap-anywhere" data-testid="dns-record-name">{v.dnsRecordName}</code>
            <CopyButton value={v.dnsRecordName} label="Copy name" />
          </dd>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <dt className="w-14 shrink-0 text-slate-600">Value</dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <code className="wrap-anywhere" data-testid="dns-record-value">{v.dnsRecordValue}</code>
            <CopyButton value={v.dnsRecordValue} label="Copy value" />
          </dd>
        </div>
      </dl>
      <VerifyOutcome error={check.isError ? check.error : null} failure={failure} testId="dns-failure" />
      {token.isError && <ErrorAlert error={token.error} />}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking DNS…" : "Check now"}
        </Button>
        <Button variant="ghost" onClick={() => token.mutate()} disabled={token.isPending}>
          {token.isPending ? "Creating…" : "Use a new value"}
        </Button>
      </div>
      <p className="text-xs text-slate-600">DNS changes can take a few minutes to be visible. The check asks the domain&apos;s DNS live each time.</p>
    </div>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { VerifyOutcome } from "./verify-outcome";
import { TextField } from "@/components/ui/field";
import { setIndexNowKey, verificationKey, verifyIndexNowKey, type ProjectVerification } from "@/lib/queries/verification";

const KEY_PATTERN = /^[a-zA-Z0-9-]{8,128}$/;

function downloadKeyFile(key: string) {
  const url = URL.createObjectURL(new Blob([key], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: `${key}.txt` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An IndexNow key (generated or pasted), its key file to download and upload, and the check. */
export function IndexNowMethod({ orgId, verification: v, onVerified }: { orgId: string; verification: ProjectVerification; onVerified: () => void }) {
  const queryClient = useQueryClient();
  const key = verificationKey(orgId, v.projectId);
  const [choosing, setChoosing] = useState(!v.indexNowKey);
  const [own, setOwn] = useState("");
  const ownValid = KEY_PATTERN.test(own.trim());
  const save = useMutation({
    mutationFn: (provided?: string) => setIndexNowKey(orgId, v.projectId, provided),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      setChoosing(false);
      setOwn("");
      check.reset();
    },
  });
  const check = useMutation({
    mutationFn: () => verifyIndexNowKey(orgId, v.projectId),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result.verification);
      if (result.verified) onVerified();
    },
  });

  function submitOwn(e: FormEvent) {
    e.preventDefault();
    if (ownValid) save.mutate(own.trim());
  }

  if (choosing || !v.indexNowKey) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">An IndexNow key is public: a file named after it on your site proves that you control the site.</p>
        {save.isError && <ErrorAlert error={save.error} />}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => save.mutate(undefined)} disabled={save.isPending}>
            {save.isPending && !save.variables ? "Generating…" : "Generate a key"}
          </Button>
          {v.indexNowKey && (
            <Button variant="secondary" onClick={() => setChoosing(false)}>
              Keep the current key
            </Button>
          )}
        </div>
        <form onSubmit={submitOwn} noValidate className="space-y-2 border-t border-slate-100 pt-4">
          <TextField
            label="Or paste the key you already use"
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            value={own}
            onChange={(e) => setOwn(e.target.value)}
            error={own.trim() && !ownValid ? "8 to 128 characters: letters, digits and hyphens" : undefined}
          />
          <Button type="submit" variant="secondary" disabled={!ownValid || save.isPending}>
            {save.isPending && save.variables ? "Saving…" : "Use this key"}
          </Button>
        </form>
      </div>
    );
  }

  const failure = check.data && !check.data.verified ? check.data.error : null;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Download the key file (it contains only the key).</li>
        <li>
          Upload it to the root of your site so that it answers at <span className="wrap-anywhere font-medium">{v.indexNowKeyFileUrl}</span>.
        </li>
        <li>Verify it here.</li>
      </ol>
      <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <dt className="w-16 shrink-0 text-slate-600">Key</dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <code className="wrap-anywhere" data-testid="indexnow-key">{v.indexNowKey}</code>
            <CopyButton value={v.indexNowKey} label="Copy key" />
          </dd>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <dt className="w-16 shrink-0 text-slate-600">File URL</dt>
          <dd className="wrap-anywhere">{v.indexNowKeyFileUrl}</dd>
        </div>
      </dl>
      <VerifyOutcome error={check.isError ? check.error : null} failure={failure} testId="key-failure" />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => downloadKeyFile(v.indexNowKey!)}>
          Download key file
        </Button>
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? "Checking…" : "Verify key file"}
        </Button>
        <Button variant="ghost" onClick={() => setChoosing(true)}>
          Use a different key
        </Button>
      </div>
    </div>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { apiKeyKeys, createApiKey, type CreatedApiKey } from "@/lib/queries/api-keys";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Modal } from "@/components/ui/modal";
import { FormActions } from "@/components/ui/form-actions";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { DEFAULT_SCOPES, EXPIRY_OPTIONS, SCOPE_DESCRIPTIONS } from "./scopes";

export type OrgOption = { id: string; name: string };

const field = "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm";

export function CreateApiKeyDialog({ organizations, defaultOrganizationId, onClose, onCreated }: {
  organizations: OrgOption[];
  defaultOrganizationId: string;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [organizationId, setOrganizationId] = useState(defaultOrganizationId);
  const [scopes, setScopes] = useState<Set<Scope>>(() => new Set(DEFAULT_SCOPES));
  const [expiry, setExpiry] = useState<(typeof EXPIRY_OPTIONS)[number]["value"]>("never");
  const [noScope, setNoScope] = useState(false);

  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

  function toggle(scope: Scope, on: boolean) {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    setScopes(next);
    setNoScope(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (scopes.size === 0) return setNoScope(true);
    const seconds = EXPIRY_OPTIONS.find((o) => o.value === expiry)?.seconds;
    create.mutate({
      name: name.trim(),
      ...(seconds ? { expiresIn: seconds } : {}),
      metadata: { organizationId, scopes: SCOPES.filter((s) => scopes.has(s)) },
    });
  }

  return (
    <Modal title="Create API key" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        {create.isError && <ErrorAlert error={create.error} />}
        <div className="space-y-1">
          <label htmlFor="api-key-name" className="block text-sm font-medium text-slate-800">
            Name
          </label>
          <input id="api-key-name" required maxLength={255} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} className={field} placeholder="e.g. Reporting script" />
        </div>
        <div className="space-y-1">
          <label htmlFor="api-key-org" className="block text-sm font-medium text-slate-800">
            Organization
          </label>
          <select id="api-key-org" value={organizationId} onChange={(e) => setOrganizationId(e.target.value)} className={field}>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset aria-describedby={noScope ? "api-key-scopes-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          {noScope && (
            <p id="api-key-scopes-error" role="alert" className="mt-1 text-sm text-red-700">
              Choose at least one scope.
            </p>
          )}
          <CheckboxList idPrefix="scope" items={SCOPES.map((scope) => ({ value: scope, description: SCOPE_DESCRIPTIONS[scope] }))} checked={scopes} onChange={toggle} />
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="api-key-expiry" className="block text-sm font-medium text-slate-800">
            Expires
          </label>
          <select id="api-key-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} className={field}>
            {EXPIRY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <FormActions onCancel={onClose} submitLabel="Create key" busyLabel="Creating…" busy={create.isPending} sticky />
      </form>
    </Modal>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { FormActions } from "@/components/ui/form-actions";
import { createOrganization, type Organization } from "@/lib/queries/organization";

/** A new organization (an agency keeps one per client); the caller becomes its owner. */
export function CreateOrganizationDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (org: Organization) => void }) {
  const [name, setName] = useState("");
  const create = useMutation({ mutationFn: () => createOrganization(name.trim()), onSuccess: onCreated });
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate();
  }
  return (
    <Modal title="New organization" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        {create.isError && <ErrorAlert error={create.error} />}
        <TextField label="Name" required maxLength={100} autoComplete="organization" value={name} onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Acme Outdoor (client)" hint="You will be its owner. Invite your team and the client from Settings → Organization." />
        <FormActions onCancel={onClose} submitLabel="Create organization" busyLabel="Creating…" busy={create.isPending} />
      </form>
    </Modal>
  );
}

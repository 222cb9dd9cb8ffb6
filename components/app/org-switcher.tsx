"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CreateOrganizationDialog } from "./create-organization-dialog";

type Org = { id: string; name: string };

/** A native <select> (keyboard accessible as is); the choice goes to a server action that stores it in a cookie. */
export function OrgSwitcher({ organizations, selectedId, select }: { organizations: Org[]; selectedId: string; select: (organizationId: string) => Promise<void> }) {
  const [value, setValue] = useState(selectedId);
  const [pending, startTransition] = useTransition();
  const [creating, setCreating] = useState(false);
  const router = useRouter();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor="org-switcher" className="text-sm text-slate-600">
        Organization
      </label>
      <select
        id="org-switcher"
        value={value}
        aria-busy={pending || undefined}
        onChange={(e) => {
          const id = e.target.value;
          setValue(id);
          startTransition(() => select(id));
        }}
        className="max-w-[12rem] truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      <button
        type="button" onClick={() => setCreating(true)} aria-haspopup="dialog" title="New organization"
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm leading-none text-slate-700 hover:bg-slate-100"
      >
        <span aria-hidden="true">+</span>
        <span className="sr-only">New organization</span>
      </button>
      {creating && (
        <CreateOrganizationDialog
          onClose={() => setCreating(false)}
          onCreated={(org) => {
            setCreating(false);
            setValue(org.id);
            startTransition(async () => {
              await select(org.id);
              router.push("/settings/organization");
              router.refresh();
            });
          }}
        />
      )}
    </div>
  );
}

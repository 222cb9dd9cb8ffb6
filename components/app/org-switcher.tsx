"use client";

import { useState, useTransition } from "react";

type Org = { id: string; name: string };

/** A native <select> (keyboard accessible as is); the choice goes to a server action that stores it in a cookie. */
export function OrgSwitcher({ organizations, selectedId, select }: { organizations: Org[]; selectedId: string; select: (organizationId: string) => Promise<void> }) {
  const [value, setValue] = useState(selectedId);
  const [pending, startTransition] = useTransition();

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
    </div>
  );
}

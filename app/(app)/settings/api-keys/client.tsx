"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ApiKeyTable } from "@/components/settings/api-key-table";
import { CreateApiKeyDialog, type OrgOption } from "@/components/settings/create-api-key-dialog";
import { CreatedKeyNotice } from "@/components/settings/created-key-notice";
import { DeleteApiKeyDialog } from "@/components/settings/delete-api-key-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { SettingsSkeleton } from "@/components/ui/skeleton";
import { Button } from "@/components/ui/button";
import { apiKeysQuery, type ApiKey, type CreatedApiKey } from "@/lib/queries/api-keys";

export function ApiKeysClient({ organizations, defaultOrganizationId }: { organizations: OrgOption[]; defaultOrganizationId: string | null }) {
  const keys = useQuery(apiKeysQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingAfterDelete = useRef(false);
  const canCreate = defaultOrganizationId !== null;

  // The deleted row took the focus-return target with it: land on the section heading instead.
  useEffect(() => {
    if (deleting || !focusHeadingAfterDelete.current) return;
    focusHeadingAfterDelete.current = false;
    headingRef.current?.focus();
  }, [deleting]);

  const createButton = canCreate && (
    <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
      Create API key
    </Button>
  );

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="api-keys-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
            API keys
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Call the IndexWatch API from scripts and integrations with the <code className="font-mono">x-api-key</code> header. Each key belongs to one
            organization and can do only what its scopes allow. See the{" "}
            <Link href="/docs/api" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
              API reference
            </Link>
            .
          </p>
        </div>
        {keys.data && keys.data.length > 0 && createButton}
      </div>

      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
      {created && <CreatedKeyNotice key={created.id} created={created} onDismiss={() => setCreated(null)} />}

      {keys.isPending ? (
        <SettingsSkeleton label="Loading API keys…" />
      ) : keys.isError ? (
        <QueryError error={keys.error} retry={keys.refetch} />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet" headingLevel={3} action={createButton}>
          {canCreate
            ? "Create a key to read your projects from a script or a reporting tool. You choose what it can do, and you can disable or delete it at any time."
            : "API keys belong to an organization, and you are not a member of any. Ask an owner to invite you first."}
        </EmptyState>
      ) : (
        <ApiKeyTable keys={keys.data} organizations={organizations} onDelete={setDeleting} />
      )}

      {creating && defaultOrganizationId && (
        <CreateApiKeyDialog
          organizations={organizations}
          defaultOrganizationId={defaultOrganizationId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            setNotice("");
          }}
        />
      )}
      {deleting && (
        <DeleteApiKeyDialog
          apiKey={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            focusHeadingAfterDelete.current = true;
            setNotice(`API key “${deleting.name}” deleted.`);
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

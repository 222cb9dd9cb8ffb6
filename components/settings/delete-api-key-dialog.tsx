"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { apiKeyKeys, deleteApiKey, type ApiKey } from "@/lib/queries/api-keys";

export function DeleteApiKeyDialog({ apiKey, onClose, onDeleted }: { apiKey: ApiKey; onClose: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      title="Delete API key"
      confirmLabel="Delete key"
      busyLabel="Deleting…"
      danger
      onClose={onClose}
      onConfirm={async () => {
        await deleteApiKey(apiKey.id);
        queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) => keys?.filter((k) => k.id !== apiKey.id));
        onDeleted();
        await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      }}
    >
      <p>
        Delete <strong className="wrap-anywhere">{apiKey.name}</strong> (<span className="font-mono">{apiKey.start}…</span>)? Anything using it gets 401 from its
        next request on. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}

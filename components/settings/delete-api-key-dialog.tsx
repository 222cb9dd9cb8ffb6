"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { apiKeyKeys, deleteApiKey, type ApiKey } from "@/lib/queries/api-keys";
import { DangerButton } from "@/components/ui/danger-button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Modal } from "@/components/ui/modal";

export function DeleteApiKeyDialog({ apiKey, onClose, onDeleted }: { apiKey: ApiKey; onClose: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteApiKey(apiKey.id),
    onSuccess: async () => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) => keys?.filter((k) => k.id !== apiKey.id));
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });

  return (
    <Modal title="Delete API key" onClose={onClose}>
      <div className="space-y-4">
        {remove.isError && <ErrorAlert error={remove.error} />}
        <p className="text-sm text-slate-700">
          Delete <strong className="break-all">{apiKey.name}</strong> (<span className="font-mono">{apiKey.start}…</span>)? Anything using it gets 401
          from its next request on. This cannot be undone.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <DangerButton onClick={() => remove.mutate()} disabled={remove.isPending}>
            {remove.isPending ? "Deleting…" : "Delete key"}
          </DangerButton>
        </div>
      </div>
    </Modal>
  );
}

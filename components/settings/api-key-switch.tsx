"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiKeyKeys, updateApiKey, type ApiKey } from "@/lib/queries/api-keys";
import { errorMessage } from "@/lib/queries/fetch-api";

/** Enables or disables one key; a disabled key answers 401 from its next request on. */
export function ApiKeySwitch({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateApiKey({ id: apiKey.id, enabled }),
    onSuccess: (updated) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) => keys?.map((k) => (k.id === updated.id ? updated : k)));
    },
  });
  const on = toggle.isPending ? Boolean(toggle.variables) : apiKey.enabled;
  const errorId = `switch-error-${apiKey.id}`;

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex items-center gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={`Enabled: ${apiKey.name}`}
          aria-describedby={toggle.isError ? errorId : undefined}
          aria-busy={toggle.isPending || undefined}
          // Not `disabled` while saving: a disabled button drops the keyboard focus.
          onClick={() => toggle.isPending || toggle.mutate(!apiKey.enabled)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors aria-busy:opacity-60 ${on ? "bg-brand-600" : "bg-slate-500"}`}
        >
          <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5.5" : "translate-x-0.5"}`} />
        </button>
        <span className="text-sm text-slate-700" aria-hidden>
          {on ? "Enabled" : "Disabled"}
        </span>
      </div>
      {toggle.isError && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {errorMessage(toggle.error)}
        </p>
      )}
    </div>
  );
}

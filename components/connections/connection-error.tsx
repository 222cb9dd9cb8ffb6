import { ErrorAlert } from "@/components/ui/error-alert";
import { connectionErrorHint } from "./labels";

/** The API's message for a failed connection call, then what to do next in plain words. */
export function ConnectionError({ error, id }: { error: unknown; id?: string }) {
  const hint = connectionErrorHint(error);
  return (
    <div id={id} className="space-y-1" data-testid="connection-error">
      <ErrorAlert error={error} />
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
    </div>
  );
}

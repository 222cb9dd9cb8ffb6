import { ErrorAlert } from "@/components/ui/error-alert";

/**
 * What a "check now" answered, announced politely: the request's own error, or the check's
 * user-facing failure (no record, wrong value, 404 …) when ownership is not proven yet.
 */
export function VerifyOutcome({ error, failure, testId }: { error: unknown; failure: string | null; testId: string }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {error ? (
        <ErrorAlert error={error} />
      ) : failure ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid={testId}>
          <p className="font-medium">Not verified yet</p>
          <p>{failure}</p>
        </div>
      ) : null}
    </div>
  );
}

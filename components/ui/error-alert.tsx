import { ApiRequestError, errorMessage } from "@/lib/queries/fetch-api";

type Issue = { path?: string; message?: string };

/** The API's message for a failed request, with the field errors of a validation failure. */
export function ErrorAlert({ error, id, className = "" }: { error: unknown; id?: string; className?: string }) {
  const issues = error instanceof ApiRequestError && Array.isArray(error.meta?.errors) ? (error.meta.errors as Issue[]) : [];
  return (
    <div id={id} role="alert" className={`rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`.trim()}>
      <p>{errorMessage(error)}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {issues.map((i, n) => (
            <li key={n}>{i.path ? `${i.path}: ${i.message}` : i.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

"use client";

import { Button } from "./button";
import { ErrorAlert } from "./error-alert";

/** A failed query: the API's message, and a button that runs the query again. */
export function QueryError({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <div className="space-y-2">
      <ErrorAlert error={error} />
      <Button variant="secondary" onClick={() => retry()}>
        Try again
      </Button>
    </div>
  );
}

"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";

/** A project shown at a share link: where the link's pages live (`base`, e.g. /share/<token>) and the trends range it shows. */
export type ReadOnlyView = { base: string; days: number };

const ReadOnlyContext = createContext<ReadOnlyView | null>(null);

/** The share link's view when a component renders inside one (it then drops actions and links into the app); null in the dashboard. */
export const useReadOnly = () => useContext(ReadOnlyContext);

/**
 * The dashboard's project components in read-only mode: they read the server's data through their usual queries
 * (hydrated under SHARED_SCOPE keys, never a real id) from a client whose queries never fetch, so the page calls no API.
 */
export function ReadOnlyProject({ view, state, children }: { view: ReadOnlyView; state: DehydratedState; children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { enabled: false, staleTime: Infinity, retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>
        <ReadOnlyContext.Provider value={view}>{children}</ReadOnlyContext.Provider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

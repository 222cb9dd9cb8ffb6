"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { creditsMoved } from "@/lib/queries/credits";
import { creditBalanceQuery } from "@/lib/queries/organization";
import { projectKeys } from "@/lib/queries/projects";
import { renderingKeys, renderingQuery, renderUrl } from "@/lib/queries/rendering";
import type { ProjectPath } from "@/lib/queries/urls";

/**
 * "Render now": the price and the balance are shown first, and nothing is spent until the person confirms.
 * Without a browser on the server the button is replaced by the reason.
 */
export function RenderNow({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const rendering = useQuery(renderingQuery(projectRef));
  const balance = useQuery({ ...creditBalanceQuery(projectRef.orgId), staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const price = rendering.data?.price;
  const available = balance.data;

  const render = useMutation({
    mutationFn: () => renderUrl(projectRef, urlId),
    onSuccess: (result) => {
      setConfirming(false);
      queryClient.setQueryData(renderingKeys.url(projectRef, urlId), result);
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
      void creditsMoved(queryClient, projectRef.orgId);
    },
    onError: () => setConfirming(false),
  });

  if (rendering.isSuccess && !rendering.data.renderer.available) {
    return (
      <p data-testid="renderer-unavailable" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Rendering is not available on this server: {rendering.data.renderer.reason ?? "no browser is installed"}. Everything else works as usual.
      </p>
    );
  }
  const tooPoor = price !== undefined && available !== undefined && available < price;
  return (
    <div className="space-y-2" data-testid="render-now">
      {!confirming ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={render.isPending || price === undefined || tooPoor} aria-describedby={`${id}-price`}>
            {render.isPending ? "Rendering…" : price !== undefined ? `Render now (${price} credits)` : "Render now"}
          </Button>
          <p id={`${id}-price`} className="text-xs text-slate-600">
            {tooPoor
              ? `A render costs ${price} credits; your organization has ${available}. Add credits to render this page.`
              : "Renders the page in headless Chromium as Google does and compares it with the raw HTML."}
          </p>
        </div>
      ) : (
        <div role="group" aria-label="Confirm the render" className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-sm text-slate-800">
            Render this page for <strong>{price} credits</strong>
            {available !== undefined ? ` (${available.toLocaleString("en-US")} available)` : ""}?
          </p>
          <Button onClick={() => render.mutate()} disabled={render.isPending}>{render.isPending ? "Rendering…" : `Render for ${price} credits`}</Button>
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={render.isPending}>Cancel</Button>
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {render.isError ? (
          render.error instanceof ApiRequestError && render.error.code === "INSUFFICIENT_CREDITS" ? (
            <p role="alert" className="text-sm text-red-800">Not enough credits: the page was not rendered and nothing was charged.</p>
          ) : (
            <ErrorAlert error={render.error} />
          )
        ) : null}
      </div>
    </div>
  );
}

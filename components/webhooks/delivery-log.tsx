"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { deliveriesQuery, DELIVERIES_PAGE, replayDelivery, webhookKeys, type Delivery, type Webhook } from "@/lib/queries/webhooks";
import { DELIVERY_STATUS } from "./labels";

const answer = (d: Pick<Delivery, "lastStatusCode" | "lastDurationMs" | "lastError">) =>
  d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}${d.lastDurationMs !== null ? ` in ${d.lastDurationMs} ms` : ""}` : d.lastError ? "No answer" : "Not tried yet";

/** The endpoint's deliveries, newest first, each with its attempts and body; failed ones can be replayed. */
export function DeliveryLog({ organizationId, webhook, canManage }: { organizationId: string; webhook: Webhook; canManage: boolean }) {
  const [offset, setOffset] = useState(0);
  const [notice, setNotice] = useState("");
  const queryClient = useQueryClient();
  const log = useQuery(deliveriesQuery(organizationId, webhook.id, offset));
  const replay = useMutation({
    mutationFn: (d: Delivery) => replayDelivery(organizationId, webhook.id, d.id),
    onSuccess: async (d) => {
      setNotice(d.status === "succeeded" ? "Replayed: delivered." : `Replayed: ${answer(d)}; it will be retried.`);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });
    },
  });

  if (log.isPending) return <p className="text-sm text-slate-600">Loading deliveries…</p>;
  if (log.isError) return <QueryError error={log.error} retry={log.refetch} />;
  const { data, meta } = log.data;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {replay.isError && <ErrorAlert error={replay.error} />}
      {data.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries yet. Send a test event, or wait for the next event this endpoint subscribes to.</p>
      ) : (
        <DataTable
          label="Delivery log" caption={`Deliveries to ${webhook.url}, newest first`} rows={data} rowKey={(d) => d.id}
          columns={[
            {
              key: "event", header: "Event",
              cell: (d) => (
                <>
                  <span className="font-mono text-slate-900">{d.eventType}</span>
                  {d.replayOfId && <span className="ml-2 text-xs text-slate-500">replay</span>}
                  <details className="mt-1 text-xs text-slate-600">
                    <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">Attempts and body</summary>
                    <ol className="mt-2 space-y-1">
                      {d.attemptLog.map((a) => (
                        <li key={a.attempt}>
                          #{a.attempt} {formatDateTime(a.createdAt)}: {a.statusCode !== null ? `HTTP ${a.statusCode}` : "no answer"} in {a.durationMs} ms
                          {a.error && <span className="block wrap-anywhere text-red-800">{a.error}</span>}
                        </li>
                      ))}
                    </ol>
                    <p className="mt-2 font-mono text-[11px] text-slate-500">webhook-id: {d.messageId}</p>
                    <pre className="mt-1 max-h-48 max-w-xl overflow-auto rounded bg-slate-50 p-2 text-[11px] text-slate-800">{JSON.stringify(d.payload, null, 2)}</pre>
                  </details>
                </>
              ),
            },
            {
              key: "status", header: "Status",
              cell: (d) => (
                <>
                  <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>
                  {d.status === "pending" && d.nextAttemptAt && <span className="mt-1 block text-xs text-slate-600">next {formatDateTime(d.nextAttemptAt)}</span>}
                </>
              ),
            },
            {
              key: "answer", header: "Last answer",
              cell: (d) => <>{answer(d)}{d.lastError && d.status !== "succeeded" && <span className="mt-1 block max-w-xs truncate text-xs text-red-800" title={d.lastError}>{d.lastError}</span>}</>,
            },
            { key: "attempts", header: "Attempts", align: "right", cell: (d) => d.attempts },
            { key: "created", header: "Created", className: "whitespace-nowrap", cell: (d) => formatDateTime(d.createdAt) },
            {
              key: "actions", header: <span className="sr-only">Actions</span>, align: "right",
              cell: (d) => canManage && webhook.enabled && (
                <Button variant="secondary" className="px-3 py-1" disabled={replay.isPending} onClick={() => replay.mutate(d)} aria-label={`Replay the ${d.eventType} delivery of ${formatDateTime(d.createdAt)}`}>
                  Replay
                </Button>
              ),
            },
          ]}
        />
      )}
      {meta.total > DELIVERIES_PAGE && <Pagination label="Deliveries" offset={offset} limit={DELIVERIES_PAGE} total={meta.total} shown={data.length} onOffset={setOffset} />}
    </div>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { FormActions } from "@/components/ui/form-actions";
import { CheckboxList } from "@/components/ui/checkbox-list";
import { createWebhook, webhookKeys, type CreatedWebhook } from "@/lib/queries/webhooks";
import { EVENT_LABELS, PUBLIC_EVENTS } from "./labels";

/** Registers an endpoint: URL, events, format, note. The secret comes back once, to the caller. */
export function CreateWebhookDialog({ organizationId, onClose, onCreated }: { organizationId: string; onClose: () => void; onCreated: (w: CreatedWebhook) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [format, setFormat] = useState<"auto" | "standard" | "slack">("auto");
  const [events, setEvents] = useState<Set<string>>(() => new Set(["issue.opened", "url.dropped_from_index"]));
  const [noEvent, setNoEvent] = useState(false);
  const create = useMutation({
    mutationFn: () => createWebhook(organizationId, {
      url: url.trim(), events: PUBLIC_EVENTS.filter((e) => events.has(e)), ...(description.trim() ? { description: description.trim() } : {}),
      ...(format === "auto" ? {} : { format }),
    }),
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });
    },
  });
  // The API names what is wrong with the URL (internal address, port, userinfo): show it at the field.
  const urlError = create.error && "meta" in create.error
    ? ((create.error.meta as { errors?: { path: string; message: string }[] } | undefined)?.errors?.find((e) => e.path === "url")?.message)
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!events.size) return setNoEvent(true);
    create.mutate();
  }

  return (
    <Modal title="Add a webhook endpoint" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        {create.isError && !urlError && <ErrorAlert error={create.error} />}
        <TextField
          label="Endpoint URL" type="url" required maxLength={2048} autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)}
          placeholder="https://example.com/hooks/indexwatch" error={urlError}
          hint="We POST signed JSON here (Standard Webhooks). A hooks.slack.com URL gets readable Slack messages."
        />
        <fieldset aria-describedby={noEvent ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          {noEvent && (
            <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-red-700">
              Choose at least one event.
            </p>
          )}
          <CheckboxList
            idPrefix="event" items={PUBLIC_EVENTS.map((e) => ({ value: e, description: EVENT_LABELS[e] }))} checked={events}
            onChange={(e, on) => {
              const next = new Set(events);
              if (on) next.add(e);
              else next.delete(e);
              setEvents(next);
              setNoEvent(false);
            }}
          />
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="webhook-format" className="block text-sm font-medium text-slate-800">
            Format
          </label>
          <select id="webhook-format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)} className={inputClasses}>
            <option value="auto">Automatic (Slack for hooks.slack.com, else standard)</option>
            <option value="standard">Standard Webhooks JSON</option>
            <option value="slack">Slack message</option>
          </select>
        </div>
        <TextField label="Description (optional)" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="e.g. #seo-alerts channel" />
        <FormActions onCancel={onClose} submitLabel="Add endpoint" busyLabel="Adding…" busy={create.isPending} divider />
      </form>
    </Modal>
  );
}

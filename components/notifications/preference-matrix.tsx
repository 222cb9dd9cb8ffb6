"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/ui/error-alert";
import { CHANNELS, CONFIGURABLE, SENT_TYPES, type Channel } from "@/lib/notifications/channels";
import type { NotificationTypeValue } from "@/lib/notifications/types";
import { emailPreferencesQuery, notificationKeys, preferencesQuery, pushPublicKeyQuery, updateEmailPreferences, updatePreference, type Preferences } from "@/lib/queries/notifications";

const CHANNEL_LABELS: Record<Channel, string> = { email: "Email", web_push: "Browser push", in_app: "In-app" };
/** The rows: the types the product sends (SENT_TYPES), each with what makes it come. */
const TYPE_LABELS: Partial<Record<NotificationTypeValue, [label: string, when: string]>> = {
  "issue.opened": ["Issue opened", "An issue group opens or reopens on one of your organization's projects."],
  "credits.low": ["Credits low", "Your organization's inspection credits fall below the threshold."],
  "invite.sent": ["Invitation", "Someone invites you to an organization."],
  "invite.accepted": ["Invitation accepted", "Someone accepts an invitation to your organization."],
  "member.role_changed": ["Role changed", "Your role in an organization changes."],
  "member.removed": ["Removed from an organization", "Someone removes you from an organization."],
};
const typeLabel = (t: NotificationTypeValue) => TYPE_LABELS[t]?.[0] ?? t;

/** The preference matrix: a checkbox per configurable channel; types with none are always delivered. */
export function PreferenceMatrix() {
  const queryClient = useQueryClient();
  const prefs = useQuery(preferencesQuery());
  const email = useQuery(emailPreferencesQuery());
  const pushKey = useQuery(pushPublicKeyQuery());
  // No VAPID keys on this server: push can reach nobody, so its boxes show off and cannot be ticked.
  const pushUnavailable = pushKey.isSuccess && !pushKey.data.publicKey;
  // What a box shows while its change is on its way: set in the click's own render (the cache notifies its
  // observers a tick later), cleared when the server has answered.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const show = (key: string, value: boolean) => setShown((s) => ({ ...s, [key]: value }));
  const settle = (key: string) => setShown(({ [key]: _settled, ...rest }) => rest);
  // Optimistic: the box changes at once; a refusal puts it back and says why.
  const save = useMutation({
    mutationFn: (v: { type: NotificationTypeValue; channel: Channel; enabled: boolean }) => updatePreference(v.type, v.channel, v.enabled),
    onMutate: (v) => {
      const before = queryClient.getQueryData<Preferences>(notificationKeys.preferences());
      if (before) queryClient.setQueryData(notificationKeys.preferences(), { ...before, [v.type]: { ...before[v.type], [v.channel]: v.enabled } });
      return { before };
    },
    onError: (_e, _v, context) => { if (context?.before) queryClient.setQueryData(notificationKeys.preferences(), context.before); },
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
  });
  const optOut = useMutation({
    mutationFn: updateEmailPreferences,
    onMutate: (marketingOptOut) => {
      const before = queryClient.getQueryData<{ marketingOptOut: boolean }>(notificationKeys.email());
      queryClient.setQueryData(notificationKeys.email(), { marketingOptOut });
      return { before };
    },
    onError: (_e, _v, context) => { if (context?.before) queryClient.setQueryData(notificationKeys.email(), context.before); },
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.email(), data),
  });

  if (prefs.isPending) return <div role="status" aria-busy="true" className="h-64 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading preferences…</span></div>;
  if (prefs.isError) return <ErrorAlert error={prefs.error} />;
  return (
    <div className="space-y-6">
      {save.isError && <ErrorAlert error={save.error} />}
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="preference-matrix">
          <caption className="sr-only">Notification channels per type</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <th scope="col" className="p-3">Notification</th>
              {CHANNELS.map((c) => (
                <th key={c} scope="col" className="p-3 text-center">
                  {CHANNEL_LABELS[c]}
                  {c === "web_push" && pushUnavailable && <span className="block font-normal normal-case text-slate-500">not available here</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SENT_TYPES.map((t) => (
              <tr key={t} className="border-b border-slate-100">
                <th scope="row" className="p-3 font-medium text-slate-900">
                  {typeLabel(t)}
                  <span className="block text-xs font-normal text-slate-600">{TYPE_LABELS[t]?.[1]}</span>
                </th>
                {CONFIGURABLE[t].length === 0 ? (
                  <td colSpan={CHANNELS.length} className="p-3 text-center text-xs text-slate-600">Always sent (in-app and email)</td>
                ) : CHANNELS.map((c) => (
                  <td key={c} className="p-3 text-center">
                    {CONFIGURABLE[t].includes(c) ? (
                      <input type="checkbox" className="size-4 accent-brand-600 disabled:opacity-40" aria-label={`${typeLabel(t)}: ${CHANNEL_LABELS[c]}`}
                        disabled={c === "web_push" && pushUnavailable} aria-describedby={c === "web_push" && pushUnavailable ? "push-unavailable" : undefined}
                        checked={c === "web_push" && pushUnavailable ? false : (shown[`${t}:${c}`] ?? prefs.data[t][c] ?? false)}
                        onChange={(e) => {
                          show(`${t}:${c}`, e.target.checked);
                          save.mutate({ type: t, channel: c, enabled: e.target.checked }, { onSettled: () => settle(`${t}:${c}`) });
                        }} />
                    ) : t === "issue.opened" && c === "email" ? (
                      <span className="text-xs text-slate-700" data-testid="issue-email-cell">Hourly digest<span className="sr-only">: see below the table</span></span>
                    ) : <><span aria-hidden="true" className="text-slate-400">—</span><span className="sr-only">Not available</span></>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="space-y-2 text-sm text-slate-700">
        <p data-testid="issue-email-note">
          <strong className="font-medium text-slate-900">Issue emails.</strong> New and reopened issues are also emailed, as a digest: at
          most one email an hour per project, naming the project and its issues. The digest follows the Issue opened row: it stops
          when you turn off both In-app and Browser push there{pushUnavailable ? " (here: In-app, as this server has no browser push)" : ""}.
        </p>
        {pushUnavailable && (
          <p id="push-unavailable" data-testid="push-unavailable-note">
            <strong className="font-medium text-slate-900">Browser push is off on this server:</strong> its administrator has not set up web
            push (VAPID keys), so no browser notification can be sent and these boxes cannot be ticked.
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-brand-600" checked={shown.marketing ?? email.data?.marketingOptOut ?? false} disabled={!email.data}
          onChange={(e) => {
            show("marketing", e.target.checked);
            optOut.mutate(e.target.checked, { onSettled: () => settle("marketing") });
          }} />
        No marketing email (product news and offers); service mail follows the table above.
      </label>
      {optOut.isError && <ErrorAlert error={optOut.error} />}
    </div>
  );
}

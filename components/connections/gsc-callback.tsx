"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { projectHref, GSC_CALLBACK_PATH } from "@/components/projects/project-paths";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { connectionKeys, gscCallback } from "@/lib/queries/connections";
import { ApiRequestError } from "@/lib/queries/fetch-api";
import { projectKeys, projectQuery } from "@/lib/queries/projects";
import { ConnectionError } from "./connection-error";
import { coveringPropertiesOf } from "./labels";
import { forgetPendingConsent, readPendingConsent, type PendingConsent } from "./pending-consent";

type Props = { code: string | null; state: string | null; error: string | null };
type Found = { kind: "reading" } | { kind: "unknown" } | { kind: "ok"; pending: PendingConsent };

/**
 * Google's redirect back: finds the project the state was started for (sessionStorage), posts the code, the
 * state and the chosen property, and shows the result. A 409 PROPERTY_NOT_COVERED lists the covering properties;
 * choosing one posts again with the same code and state (no second consent).
 */
export function GscCallback({ code, state, error }: Props) {
  const [found, setFound] = useState<Found>({ kind: "reading" });
  useEffect(() => {
    // sessionStorage exists only in the browser: read once after mounting, then take the code out of the address bar.
    const pending = state ? readPendingConsent(state) : null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reading browser-only storage after hydration
    setFound(pending ? { kind: "ok", pending } : { kind: "unknown" });
    if (code || state) window.history.replaceState(null, "", GSC_CALLBACK_PATH);
  }, [code, state]);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">Connecting Google Search Console</h1>
      <Card>
        <div aria-live="polite" data-testid="gsc-callback">
          {found.kind === "reading" ? (
            <p role="status" className="text-sm text-slate-700">Reading Google&apos;s answer…</p>
          ) : found.kind === "unknown" ? (
            <Problem title="We can't tell which project this was for">
              This page finishes a connection started from a project&apos;s Connections page in this browser tab. Open the project in IndexWatch,
              go to Connections and connect again.
            </Problem>
          ) : error || !code || !state ? (
            <Problem title={error === "access_denied" ? "You cancelled at Google" : "Google did not grant access"} pending={found.pending}>
              {error === "access_denied"
                ? "Nothing was connected. Connect again when you are ready, and choose Allow on Google's page."
                : `Google answered "${error ?? "no code"}". Nothing was connected; start again from the Connections page.`}
            </Problem>
          ) : (
            <Finish code={code} state={state} pending={found.pending} />
          )}
        </div>
      </Card>
    </div>
  );
}

/** Back to the page the consent was started from: the Connections tab or the setup wizard. */
const backTo = (pending: PendingConsent) => pending.from === "setup"
  ? { href: projectHref(pending.projectId, "setup"), label: "Back to setup" }
  : { href: projectHref(pending.projectId, "connections"), label: "Back to Connections" };

function Problem({ title, children, pending }: { title: string; children: ReactNode; pending?: PendingConsent }) {
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-slate-700">{children}</p>
      <Link href={pending ? backTo(pending).href : "/projects"} className={buttonClasses("secondary")}>
        {pending ? backTo(pending).label : "Go to projects"}
      </Link>
    </div>
  );
}

function Finish({ code, state, pending }: { code: string; state: string; pending: PendingConsent }) {
  const id = useId();
  const queryClient = useQueryClient();
  const orgId = pending.organizationId;
  const project = useQuery(projectQuery(orgId, pending.projectId));
  const post = useMutation({
    mutationFn: (propertyUrl: string) => gscCallback(orgId, pending.projectId, { code, state, propertyUrl }),
    onSuccess: async () => {
      forgetPendingConsent(state);
      await queryClient.invalidateQueries({ queryKey: connectionKeys.connections(orgId, pending.projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKeys.project(orgId, pending.projectId) });
    },
  });
  // Post once, with the property chosen before the consent (an effect runs twice in development).
  const posted = useRef(false);
  const { mutate } = post;
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    mutate(pending.propertyUrl);
  }, [mutate, pending.propertyUrl]);

  const covering = post.isError ? coveringPropertiesOf(post.error) : [];
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? covering[0] ?? null;
  const domain = project.data?.domain ?? null;
  const back = backTo(pending);

  if (post.isIdle || post.isPending) {
    return <p role="status" className="text-sm text-slate-700">Connecting {post.variables ?? pending.propertyUrl}…</p>;
  }
  if (post.isSuccess) {
    const s = post.data;
    return (
      <div className="space-y-3" data-testid="gsc-callback-success">
        <h2 className="text-lg font-semibold text-emerald-800">Connected</h2>
        <p className="text-sm text-slate-700">
          <strong className="wrap-anywhere">{s.gscPropertyUrl}</strong> is connected to <strong className="wrap-anywhere">{project.data?.name ?? s.domain}</strong>
          {s.gscConnectedAt ? <> since <time dateTime={s.gscConnectedAt}>{formatDateTime(s.gscConnectedAt)}</time></> : null}. IndexWatch can now ask
          Google Search Console whether URLs are indexed, and the domain counts as verified.
        </p>
        <Link href={back.href} className={buttonClasses("primary")}>{back.label}</Link>
      </div>
    );
  }
  if (post.error instanceof ApiRequestError && post.error.code === "PROPERTY_NOT_COVERED") {
    const reason = post.error.meta?.reason;
    const why = reason === "not_covering"
      ? `${post.variables} does not cover ${domain ?? "the project's domain"} (a www. or sub-folder property does not).`
      : reason === "unverified"
        ? `Your Google Search Console account has ${post.variables} without a verified permission.`
        : `Your Google Search Console account has no verified property ${post.variables}.`;
    return (
      <div className="space-y-3" data-testid="gsc-choose-property">
        <h2 className="text-lg font-semibold">Choose the property to connect</h2>
        <p className="text-sm text-slate-700">{why}</p>
        {covering.length === 0 ? (
          <>
            <p className="text-sm text-slate-700">
              None of your account&apos;s verified properties covers {domain ?? "the domain"}. Add and verify <code>sc-domain:{domain ?? "your-domain"}</code> in
              Google Search Console (or connect with the account that owns it), then start again.
            </p>
            <Link href={back.href} className={buttonClasses("secondary")}>{back.label}</Link>
          </>
        ) : (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (chosen) post.mutate(chosen);
            }}
          >
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Properties of your account that cover {domain ?? "the domain"}</legend>
              <div className="mt-2 space-y-2">
                {covering.map((p, i) => (
                  <div key={p} className="flex items-center gap-2">
                    <input type="radio" id={`${id}-p${i}`} name="propertyUrl" value={p} checked={chosen === p} onChange={() => setChoice(p)} className="size-4" />
                    <label htmlFor={`${id}-p${i}`} className="wrap-anywhere text-sm text-slate-800">{p}</label>
                  </div>
                ))}
              </div>
            </fieldset>
            <p className="text-xs text-slate-600">No second visit to Google is needed: the consent you just gave is used again.</p>
            <Button type="submit">Connect this property</Button>
          </form>
        )}
      </div>
    );
  }
  const retryable = post.error instanceof ApiRequestError && (post.error.code === "UPSTREAM_ERROR" || post.error.code === "NETWORK_ERROR");
  return (
    <div className="space-y-3" data-testid="gsc-callback-error">
      <h2 className="text-lg font-semibold">Google Search Console could not be connected</h2>
      <ConnectionError error={post.error} />
      <div className="flex flex-wrap gap-3">
        {retryable && <Button onClick={() => post.mutate(post.variables ?? pending.propertyUrl)}>Try again</Button>}
        <Link href={back.href} className={buttonClasses(retryable ? "secondary" : "primary")}>{back.label}</Link>
      </div>
    </div>
  );
}

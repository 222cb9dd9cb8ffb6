"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { declareRemoval, type CreatedRemoval, type Suggestion } from "@/lib/queries/removals";
import type { ProjectPath } from "@/lib/queries/urls";
import { count, INTENT_LABELS } from "./labels";

type Intent = "gone" | "redirected" | "noindexed" | "blocked";

/** Declare a removal: pasted URLs (one a line) or the suggestions, an intent, a redirect target, the days before stuck. */
export function DeclareRemovalForm({ projectRef, suggestions, suggestionsTotal, onDeclared }: {
  projectRef: ProjectPath; suggestions: Suggestion[]; suggestionsTotal: number; onDeclared: (r: CreatedRemoval) => void;
}) {
  const ids = { urls: useId(), intent: useId(), hint: useId() };
  const [text, setText] = useState("");
  const [intent, setIntent] = useState<Intent>("gone");
  const [target, setTarget] = useState("");
  const [stuckAfterDays, setStuckAfterDays] = useState("30");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<CreatedRemoval | null>(null);
  const urls = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const gone = suggestions.filter((s) => s.intent === "gone");
  const moved = suggestions.filter((s) => s.intent === "redirected");

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const r = await declareRemoval(projectRef, {
        urls, intent, ...(intent === "redirected" && target.trim() ? { redirectTarget: target.trim() } : {}),
        stuckAfterDays: Number(stuckAfterDays) || 30,
      });
      setResult(r);
      setText("");
      onDeclared(r);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Declare a removal">
      {suggestionsTotal > 0 && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="removal-suggestions">
          <p className="font-medium">{count(suggestionsTotal)} URL{suggestionsTotal === 1 ? "" : "s"} left the sitemap and now answer 404/410 or redirect.</p>
          <p className="mt-1">They are not followed until you declare them.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {gone.length > 0 && (
              <Button variant="secondary" onClick={() => { setText(gone.map((s) => s.url).join("\n")); setIntent("gone"); }}>
                Use the {count(gone.length)} gone
              </Button>
            )}
            {moved.length > 0 && (
              <Button variant="secondary" onClick={() => { setText(moved.map((s) => s.url).join("\n")); setIntent("redirected"); setTarget(""); }}>
                Use the {count(moved.length)} redirected
              </Button>
            )}
          </div>
        </div>
      )}
      <div>
        <label htmlFor={ids.urls} className="block text-sm font-medium text-slate-800">URLs to remove (one a line, tracked URLs only)</label>
        <textarea id={ids.urls} value={text} onChange={(e) => setText(e.target.value)} rows={5} className={`${inputClasses} mt-1 font-mono`}
          placeholder={`https://example.com/old-page`} required />
        <p className="mt-1 text-xs text-slate-600">{count(urls.length)} URL{urls.length === 1 ? "" : "s"} (at most 10,000)</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.intent} className="block text-sm font-medium text-slate-800">What the site does now</label>
          <select id={ids.intent} value={intent} onChange={(e) => setIntent(e.target.value as Intent)} className={`${inputClasses} mt-1`} aria-describedby={ids.hint}>
            {Object.entries(INTENT_LABELS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select>
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">{INTENT_LABELS[intent].hint}</p>
        </div>
        {intent === "redirected" && (
          <TextField label="Redirect target (optional)" value={target} onChange={(e) => setTarget(e.target.value)} type="url"
            hint="Empty: each URL's own redirect, to any live page" />
        )}
        <TextField label="Stuck after (days)" type="number" min={1} max={365} value={stuckAfterDays} onChange={(e) => setStuckAfterDays(e.target.value)}
          hint="Still indexed after this long: an issue and a notification" />
      </div>
      {intent === "blocked" && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          A page blocked by robots.txt can stay indexed: Google and Bing can no longer fetch it, so they never see its noindex or its 404.
        </p>
      )}
      {error !== null && <ErrorAlert error={error} />}
      {result && (
        <div role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          Removal of {count(result.counts.total)} URL{result.counts.total === 1 ? "" : "s"} declared: our audit and both engines are followed from now on.
          {result.warnings.map((w) => <p key={w.code} className="mt-1 text-amber-900">{w.message}</p>)}
        </div>
      )}
      <Button type="submit" disabled={busy || !urls.length}>{busy ? "Declaring…" : "Declare removal"}</Button>
    </form>
  );
}

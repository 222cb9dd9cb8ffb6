"use client";

import { linesOf, withLineNumbers } from "@/components/urls/url-lines";
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { MAX_ROBOTS_DRAFT_BYTES, MAX_ROBOTS_TEST_URLS, testRobots, type RobotsTest, type RobotsTestInput } from "@/lib/queries/robots";
import type { ProjectPath } from "@/lib/queries/urls";
import { RobotsDraftLines } from "./robots-draft-lines";
import { RobotsResults, summaryText } from "./robots-results";

export const USER_AGENT_PRESETS = ["Googlebot", "Bingbot", "IndexWatchBot"] as const;
type Source = "live" | "provided";

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * The form of the tester: URLs or paths (one per line), a user agent with presets, the live file or a
 * pasted draft; the results go to a table below, announced and focused, and a draft is shown again with
 * its line numbers and the lines that decided highlighted.
 */
export function RobotsTester({ projectRef, domain, initialUrls, initialUserAgent }: {
  projectRef: ProjectPath; domain: string; initialUrls: string[]; initialUserAgent: string | null;
}) {
  const id = useId();
  const [urls, setUrls] = useState(initialUrls.join("\n"));
  const [userAgent, setUserAgent] = useState(initialUserAgent ?? "Googlebot");
  const [source, setSource] = useState<Source>("live");
  const [draft, setDraft] = useState("");
  const [sent, setSent] = useState<RobotsTestInput | null>(null);
  const [touched, setTouched] = useState(false);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const lines = linesOf(urls);
  const draftBytes = byteLength(draft);
  const urlsProblem = lines.length === 0 ? "Enter at least one URL or path." : lines.length > MAX_ROBOTS_TEST_URLS ? `At most ${MAX_ROBOTS_TEST_URLS} URLs per test: remove ${lines.length - MAX_ROBOTS_TEST_URLS}.` : null;
  const draftProblem = source !== "provided" ? null : draft.trim() === "" ? "Paste the robots.txt draft to test." : draftBytes > MAX_ROBOTS_DRAFT_BYTES ? "The draft is larger than 512 KiB, the most crawlers read." : null;

  const test = useMutation({ mutationFn: (input: RobotsTestInput) => testRobots(projectRef, input) });

  // New results: move the focus to their heading, so keyboard and screen reader users land on them.
  useEffect(() => {
    if (test.isSuccess) resultsRef.current?.focus();
  }, [test.isSuccess, test.data]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(true);
    if (urlsProblem || draftProblem) return;
    const input: RobotsTestInput = { urls: lines, ...(userAgent.trim() ? { userAgent: userAgent.trim() } : {}), ...(source === "provided" ? { robotsTxt: draft } : {}) };
    setSent(input);
    test.mutate(input);
  }

  const showUrlsProblem = touched && urlsProblem !== null;
  const showDraftProblem = touched && draftProblem !== null;

  return (
    <div className="space-y-6">
      <Card>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label="Test URLs against robots.txt">
          <div className="space-y-1">
            <label htmlFor={`${id}-urls`} className="block text-sm font-medium text-slate-800">URLs or paths, one per line</label>
            <textarea
              id={`${id}-urls`}
              rows={5}
              value={urls}
              onChange={(e) => setUrls(e.target.value)}
              aria-invalid={showUrlsProblem || undefined}
              aria-describedby={`${showUrlsProblem ? `${id}-urls-error ` : ""}${id}-urls-hint`}
              spellCheck={false}
              className={`${inputClasses} font-mono`}
              placeholder={`/\n/private/report.pdf\nhttps://${domain}/search?q=shoes`}
            />
            {showUrlsProblem && <p id={`${id}-urls-error`} className="text-sm text-red-700">{urlsProblem}</p>}
            <p id={`${id}-urls-hint`} className="text-xs text-slate-600">
              {lines.length} of at most {MAX_ROBOTS_TEST_URLS}. Absolute URLs on {domain}, or paths such as <code>/blog/</code>.
            </p>
          </div>

          <div className="space-y-1">
            <label htmlFor={`${id}-ua`} className="block text-sm font-medium text-slate-800">User agent</label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${id}-ua`}
                value={userAgent}
                onChange={(e) => setUserAgent(e.target.value)}
                aria-describedby={`${id}-ua-hint`}
                spellCheck={false}
                autoComplete="off"
                className={`${inputClasses} max-w-xs`}
              />
              <div role="group" aria-label="User agent presets" className="flex flex-wrap gap-1.5">
                {USER_AGENT_PRESETS.map((ua) => (
                  <button
                    key={ua}
                    type="button"
                    aria-pressed={userAgent === ua}
                    onClick={() => setUserAgent(ua)}
                    className={`rounded-full border px-3 py-1 text-xs font-medium ${userAgent === ua ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
                  >
                    {ua}
                  </button>
                ))}
              </div>
            </div>
            <p id={`${id}-ua-hint`} className="text-xs text-slate-600">The group for this crawler&apos;s product token applies, else the <code>User-agent: *</code> group.</p>
          </div>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">robots.txt to test</legend>
            <div className="inline-flex flex-wrap rounded-md border border-slate-300 bg-slate-50 p-0.5">
              {([["live", "Live file"], ["provided", "Paste a draft"]] as const).map(([value, label]) => (
                <label
                  key={value}
                  className={`cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${source === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
                >
                  <input type="radio" name={`${id}-source`} value={value} checked={source === value} onChange={() => setSource(value)} className="sr-only" />
                  {label}
                </label>
              ))}
            </div>
            {source === "live" ? (
              <p className="text-xs text-slate-600">Fetched now from <span className="font-mono">https://{domain}/robots.txt</span>.</p>
            ) : (
              <div className="space-y-1">
                <label htmlFor={`${id}-draft`} className="block text-sm font-medium text-slate-800">Draft robots.txt</label>
                <textarea
                  id={`${id}-draft`}
                  rows={10}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  aria-invalid={showDraftProblem || undefined}
                  aria-describedby={`${showDraftProblem ? `${id}-draft-error ` : ""}${id}-draft-hint`}
                  spellCheck={false}
                  className={`${inputClasses} font-mono`}
                  placeholder={"User-agent: *\nDisallow: /private/\nAllow: /private/press/"}
                />
                {showDraftProblem && <p id={`${id}-draft-error`} className="text-sm text-red-700">{draftProblem}</p>}
                <p id={`${id}-draft-hint`} className="text-xs text-slate-600">
                  Nothing is published: the draft is only tested. {(draftBytes / 1024).toFixed(1)} of 512 KiB.
                </p>
              </div>
            )}
          </fieldset>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={test.isPending}>{test.isPending ? "Testing…" : "Test URLs"}</Button>
            <p className="text-xs text-slate-600">Testing is free.</p>
          </div>
        </form>
      </Card>

      <div aria-live="polite" className="empty:hidden">
        {test.isError && <ErrorAlert error={withLineNumbers(test.error, sent?.urls ?? [])} />}
      </div>
      {/* Always in the page, so that each new result is announced. */}
      <p aria-live="polite" className="sr-only">{test.isSuccess ? summaryText(test.data) : test.isPending ? "Testing…" : ""}</p>

      {test.isPending && !test.data && (
        <div role="status" aria-busy="true" className="h-40 animate-pulse rounded-lg border border-slate-200 bg-white"><span className="sr-only">Testing…</span></div>
      )}

      {test.isSuccess && sent && <ResultsSection result={test.data} sent={sent} headingRef={resultsRef} />}
    </div>
  );
}

function ResultsSection({ result, sent, headingRef }: { result: RobotsTest; sent: RobotsTestInput; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby="robots-results-heading" className="space-y-4" data-testid="robots-results">
      <h3 id="robots-results-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        Results
      </h3>
      <RobotsResults result={result} />
      {result.source === "provided" && sent.robotsTxt !== undefined && <RobotsDraftLines text={sent.robotsTxt} results={result.results} googleNotes={result.googleNotes} />}
    </section>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { formatDate } from "@/components/ui/format";
import { urlGoogleCheckQuery, type ProjectPath } from "@/lib/queries/urls";
import { checkReasonText } from "./check-reasons";

/**
 * Why Google is asked about this URL (the daily plan's or an inspection's reason), whether that check still waits
 * for quota, and when Google last crawled the page by its own account and by the site's logs.
 */
export function GoogleCheckNote({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const check = useQuery(urlGoogleCheckQuery(projectRef, urlId));
  const c = check.data;
  if (!c || (!c.reason && !c.lastCrawlAt && !c.lastGooglebotFetchAt)) return null; // nothing to say (or still loading: the card has its own state)
  const reason = c.reason ? checkReasonText(c.reason, c.queued) : null;
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="google-check">
      {reason && (
        <>
          <dt className="text-slate-600">{reason.term}</dt>
          <dd>
            <span className="font-medium text-slate-900">{reason.label}</span>
            <span className="block text-xs text-slate-600">
              {reason.hint}{c.queued ? ". Checks are spent inside today's inspection quota, most urgent first." : "."}
            </span>
          </dd>
        </>
      )}
      {c.lastCrawlAt && (
        <>
          <dt className="text-slate-600">Google last crawled it</dt>
          <dd><time dateTime={c.lastCrawlAt}>{formatDate(c.lastCrawlAt)}</time> <span className="text-xs text-slate-600">(by Google&apos;s inspection)</span></dd>
        </>
      )}
      {c.lastGooglebotFetchAt && (
        <>
          <dt className="text-slate-600">Googlebot last fetched it</dt>
          <dd><time dateTime={c.lastGooglebotFetchAt}>{formatDate(c.lastGooglebotFetchAt)}</time> <span className="text-xs text-slate-600">(verified, in your logs)</span></dd>
        </>
      )}
    </dl>
  );
}

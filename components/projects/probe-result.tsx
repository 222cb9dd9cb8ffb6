import type { ProbeResult } from "@/lib/queries/projects";

type Found = "yes" | "no" | "unknown";

function Presence({ state, yes, no }: { state: Found; yes: string; no: string }) {
  const tone = state === "yes" ? "text-emerald-800" : state === "unknown" ? "text-amber-900" : "text-slate-700";
  const dot = state === "yes" ? "bg-emerald-600" : state === "unknown" ? "bg-amber-500" : "bg-slate-400";
  return (
    <span className={`inline-flex items-center gap-1.5 ${tone}`}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${dot}`} />
      {state === "yes" ? yes : state === "unknown" ? "Could not be checked" : no}
    </span>
  );
}

/**
 * The availability probe: robots.txt, llms.txt, the sitemap and the sitemap lines of robots.txt. A site that did not
 * answer is said to be unreachable, with why, and nothing on it is called "not found".
 */
export function ProbeResultList({ result, sitemapUrl }: { result: ProbeResult; sitemapUrl: string }) {
  const of = (present: boolean): Found => (!result.siteReachable ? "unknown" : present ? "yes" : "no");
  return (
    <div className="space-y-3">
      {!result.siteReachable && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="probe-unreachable">
          <p className="font-medium">The site could not be reached</p>
          <p className="mt-0.5">{result.problem ?? "It did not answer."} Fix it on the server (or its DNS), then check again.</p>
        </div>
      )}
      <dl data-testid="probe-result" className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
          <dt className="font-medium">robots.txt</dt>
          <dd><Presence state={of(result.robotsTxtPresent)} yes="Found" no="Not found" /></dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
          <dt className="font-medium">llms.txt</dt>
          <dd><Presence state={of(result.llmsTxtPresent)} yes="Found" no="Not found (optional)" /></dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
          <dt className="font-medium">
            Sitemap <span className="wrap-anywhere font-normal text-slate-600">{sitemapUrl}</span>
          </dt>
          <dd className="text-right">
            <Presence state={result.sitemapPresent ? "yes" : !result.siteReachable ? "unknown" : "no"} yes="Found" no="Not found" />
            {!result.sitemapPresent && result.siteReachable && result.sitemapProblem && <span className="block max-w-md text-xs text-slate-600">{result.sitemapProblem}</span>}
          </dd>
        </div>
        <div className="px-3 py-2">
          <dt className="font-medium">Sitemap lines in robots.txt</dt>
          <dd className="mt-1 text-slate-700">
            {result.robotsSitemapUrls.length === 0 ? (
              result.siteReachable ? "None" : "Could not be checked"
            ) : (
              <ul className="list-disc space-y-0.5 pl-5">
                {result.robotsSitemapUrls.map((u) => <li key={u} className="wrap-anywhere">{u}</li>)}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

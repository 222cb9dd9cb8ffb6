import type { ProbeResult } from "@/lib/queries/projects";

function Found({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${ok ? "text-emerald-800" : "text-slate-700"}`}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${ok ? "bg-emerald-600" : "bg-slate-400"}`} />
      {ok ? yes : no}
    </span>
  );
}

/** The availability probe: robots.txt, llms.txt, the sitemap and the sitemap lines of robots.txt. */
export function ProbeResultList({ result, sitemapUrl }: { result: ProbeResult; sitemapUrl: string }) {
  return (
    <dl data-testid="probe-result" className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
      <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
        <dt className="font-medium">robots.txt</dt>
        <dd>
          <Found ok={result.robotsTxtPresent} yes="Found" no="Not found" />
        </dd>
      </div>
      <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
        <dt className="font-medium">llms.txt</dt>
        <dd>
          <Found ok={result.llmsTxtPresent} yes="Found" no="Not found (optional)" />
        </dd>
      </div>
      <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
        <dt className="font-medium">
          Sitemap <span className="break-all font-normal text-slate-600">{sitemapUrl}</span>
        </dt>
        <dd>
          <Found ok={result.sitemapPresent} yes="Found" no="Not found" />
        </dd>
      </div>
      <div className="px-3 py-2">
        <dt className="font-medium">Sitemap lines in robots.txt</dt>
        <dd className="mt-1 text-slate-700">
          {result.robotsSitemapUrls.length === 0 ? (
            "None"
          ) : (
            <ul className="list-disc space-y-0.5 pl-5">
              {result.robotsSitemapUrls.map((u) => (
                <li key={u} className="break-all">
                  {u}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}

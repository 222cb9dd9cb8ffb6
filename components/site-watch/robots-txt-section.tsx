"use client";

import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { robotsVersionQuery, robotsVersionsQuery, watchQuery, type RobotsVersion, type RobotsVersionDetail, type Watch } from "@/lib/queries/site-watch";

const n = (v: number) => v.toLocaleString("en-US");

/** What the watch sees now: robots.txt, the certificate and the home page, one line each. */
export function WatchStatusCard({ watch }: { watch: Watch }) {
  const r = watch.robotsTxt;
  const c = watch.certificate;
  const h = watch.homePage;
  const robots: [BadgeTone, string] = r.state === "ok" ? ["success", "Watched"] : r.state === "pending" ? ["neutral", "Not fetched yet"] : ["danger", r.state === "5xx" ? "Server error" : "Unreachable"];
  const cert: [BadgeTone, string] = c.state === "pending" ? ["neutral", "Not checked yet"] : c.state === "unreadable" ? ["warning", "Could not be read"]
    : c.state === "not_https" ? ["neutral", "No HTTPS"] : c.daysLeft !== null && c.daysLeft <= 14 ? ["danger", c.daysLeft < 0 ? "Expired" : `${c.daysLeft} days left`]
    : c.state === "invalid" ? ["warning", "Not trusted"] : ["success", `${c.daysLeft ?? "?"} days left`];
  const home: [BadgeTone, string] = h.state === "ok" ? ["success", `${h.status} at the same address`] : h.state === "moved" ? ["warning", "Moved"] : h.state === "pending" ? ["neutral", "Not checked yet"] : ["danger", h.status ? `HTTP ${h.status}` : "No answer"];
  return (
    <Card>
      <h2 className="text-base font-semibold text-slate-900">Site watch</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">robots.txt</dt>
          <dd className="mt-1 space-y-1 text-sm">
            <Badge tone={robots[0]}>{robots[1]}</Badge>
            <p className="break-words text-slate-700">{r.url}</p>
            {r.lastFetchAt && <p className="text-slate-600">Last fetch {formatDateTime(r.lastFetchAt)}{r.httpStatus ? ` (HTTP ${r.httpStatus})` : ""}</p>}
            {r.state !== "ok" && r.since && <p className="text-red-800">Failing since {formatDateTime(r.since)} ({r.consecutiveFailures} fetches in a row)</p>}
            {r.pendingVersionId && <p className="text-amber-800">A new version was seen once; it becomes current when the next fetch sees it too.</p>}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Certificate</dt>
          <dd className="mt-1 space-y-1 text-sm">
            <Badge tone={cert[0]}>{cert[1]}</Badge>
            {c.expiresAt && <p className="text-slate-700">Expires {formatDateTime(c.expiresAt)}{c.issuer ? `, issued by ${c.issuer}` : ""}</p>}
            {c.error && c.state !== "ok" && <p className="break-words text-slate-600">{c.error}</p>}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Home page</dt>
          <dd className="mt-1 space-y-1 text-sm">
            <Badge tone={home[0]}>{home[1]}</Badge>
            {h.finalUrl && <p className="break-words text-slate-700">{h.finalUrl}</p>}
            {h.state === "moved" && h.previousFinalUrl && <p className="break-words text-amber-800">Was {h.previousFinalUrl}{h.changedAt ? ` until ${formatDateTime(h.changedAt)}` : ""}</p>}
            {h.error && <p className="break-words text-slate-600">{h.error}</p>}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** A unified diff with added lines green and removed lines red; the `+`/`-` signs stay, so colour is not the only cue. */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, "").split("\n");
  return (
    <pre className="max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 py-2 text-xs leading-5" aria-label="Line diff">
      {lines.map((line, i) => {
        const tone = line.startsWith("+++") || line.startsWith("---") ? "text-slate-500"
          : line.startsWith("@@") ? "bg-brand-50 text-brand-800"
          : line.startsWith("+") ? "bg-emerald-50 text-emerald-900"
          : line.startsWith("-") ? "bg-red-50 text-red-900" : "text-slate-700";
        return <div key={i} className={`whitespace-pre-wrap px-3 [overflow-wrap:anywhere] ${tone}`}>{line || " "}</div>;
      })}
    </pre>
  );
}

type ImpactRow = { name: string; newlyBlocked: number; newlyAllowed: number; highPriorityBlocked: number; impressions28dBlocked: number; clicks28dBlocked: number; sampleUrls: string[] };

/** Per crawler: what the change newly blocks and allows among the tracked URLs. Crawlers the change does not touch are left out. */
export function ImpactTable({ impact }: { impact: NonNullable<RobotsVersionDetail["impact"]> }) {
  const rows: ImpactRow[] = [
    { name: "Googlebot", ...impact.googlebot },
    { name: "Bingbot", ...impact.bingbot },
    ...impact.ai.map((a) => ({ ...a, name: `${a.crawler} (${a.operator})` })),
  ];
  const touched = rows.filter((r, i) => i < 2 || r.newlyBlocked > 0 || r.newlyAllowed > 0);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Impact of this robots.txt version on the tracked URLs, per crawler</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">Crawler</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Newly blocked</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">High priority</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Impressions (28 d)</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Clicks (28 d)</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Newly allowed</th>
            <th scope="col" className="py-2 font-medium">Sample blocked URLs</th>
          </tr>
        </thead>
        <tbody>
          {touched.map((r) => (
            <tr key={r.name} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-900">{r.name}</th>
              <td className={`py-2 pr-4 text-right tabular-nums ${r.newlyBlocked ? "font-semibold text-red-800" : "text-slate-700"}`}>{n(r.newlyBlocked)}</td>
              <td className="py-2 pr-4 text-right tabular-nums text-slate-700">{n(r.highPriorityBlocked)}</td>
              <td className="py-2 pr-4 text-right tabular-nums text-slate-700">{n(r.impressions28dBlocked)}</td>
              <td className="py-2 pr-4 text-right tabular-nums text-slate-700">{n(r.clicks28dBlocked)}</td>
              <td className="py-2 pr-4 text-right tabular-nums text-slate-700">{n(r.newlyAllowed)}</td>
              <td className="py-2 text-slate-700">
                <ul className="space-y-0.5">{r.sampleUrls.slice(0, 3).map((u) => <li key={u} className="[overflow-wrap:anywhere]">{u}</li>)}</ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">
        {n(impact.urlsScanned)} tracked URLs judged; Googlebot by Google&apos;s reading of the file, the others by RFC 9309.
        {touched.length < rows.length ? ` ${rows.length - touched.length} AI crawlers are not affected.` : ""}
      </p>
    </div>
  );
}

function versionLabel(v: RobotsVersion): string {
  if (v.httpStatus >= 300) return `No file (HTTP ${v.httpStatus})`;
  return `${n(v.bytes)} bytes${v.truncated ? " (cut at 500 KiB)" : ""}`;
}

function VersionDetail({ orgId, projectId, versionId }: { orgId: string; projectId: string; versionId: string }) {
  const q = useQuery(robotsVersionQuery(orgId, projectId, versionId));
  if (q.isPending) return <p className="text-sm text-slate-600">Loading the version…</p>;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  const v = q.data;
  return (
    <div className="space-y-6">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Changes against the version before</h3>
        {v.diff ? <div className="mt-2"><DiffView diff={v.diff} /></div>
          : <p className="mt-2 text-sm text-slate-600">{v.becameCurrentAt ? "The first version the watch saw: nothing to compare with." : "Seen once, never current: no diff yet."}</p>}
      </div>
      {v.impact && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">What it changed for crawlers</h3>
          {v.impact.importantBlocked > 0 && (
            <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              Blocks {n(v.impact.importantBlocked)} important URL{v.impact.importantBlocked === 1 ? "" : "s"} (high priority or with impressions) for Google or Bing.
            </p>
          )}
          <div className="mt-2"><ImpactTable impact={v.impact} /></div>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">The whole file ({v.encoding})</summary>
        <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-xs [overflow-wrap:anywhere]">{v.content || "(no file)"}</pre>
      </details>
    </div>
  );
}

/** The robots.txt part of the Changes tab: the watch's status, the versions (newest first), one version's diff and impact. */
export function RobotsTxtSection({ orgId, projectId, initialVersionId }: { orgId: string; projectId: string; initialVersionId?: string }) {
  const watch = useQuery(watchQuery(orgId, projectId));
  const versions = useQuery(robotsVersionsQuery(orgId, projectId));
  const [chosen, setChosen] = useState<string | undefined>(initialVersionId);
  const list = versions.data?.data ?? [];
  const selected = chosen ?? list.find((v) => v.current)?.id ?? list[0]?.id;

  return (
    <div className="space-y-6">
      {watch.isError ? <QueryError error={watch.error} retry={watch.refetch} /> : watch.data ? <WatchStatusCard watch={watch.data} /> : null}
      <Card>
        <h2 className="text-base font-semibold text-slate-900">robots.txt versions</h2>
        <p className="mt-1 text-sm text-slate-600">
          Fetched every 5 minutes. A new content becomes current once two fetches in a row see it; going back to a version current in the last 24 hours alerts nobody again.
        </p>
        {versions.isError && <QueryError error={versions.error} retry={versions.refetch} />}
        {versions.isSuccess && list.length === 0 && <EmptyState title="No robots.txt seen yet" headingLevel={3}>The watch fetches it within 5 minutes of the project&apos;s creation.</EmptyState>}
        {list.length > 0 && (
          <div className="mt-4 grid gap-6 lg:grid-cols-[18rem_1fr]">
            <ol className="space-y-1" aria-label="Versions, newest first">
              {list.map((v) => (
                <li key={v.id}>
                  <button
                    type="button" onClick={() => setChosen(v.id)} aria-current={v.id === selected ? "true" : undefined}
                    className={`w-full rounded-md px-3 py-2 text-left text-sm ${v.id === selected ? "bg-brand-50 ring-1 ring-brand-200" : "hover:bg-slate-50"}`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{formatDateTime(v.firstSeenAt)}</span>
                      {v.current && <Badge tone="success">Current</Badge>}
                    </span>
                    <span className="mt-0.5 block text-slate-600">
                      {versionLabel(v)}
                      {v.linesAdded !== null && <> · <span className="text-emerald-800">+{v.linesAdded}</span> <span className="text-red-800">−{v.linesRemoved}</span></>}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <div className="min-w-0">{selected && <VersionDetail orgId={orgId} projectId={projectId} versionId={selected} />}</div>
          </div>
        )}
      </Card>
    </div>
  );
}

/** How long ago, in words: "14 minutes ago". */
export function ago(iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 90) return "just now";
  const m = Math.round(s / 60);
  if (m < 90) return `${m} minutes ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} hours ago`;
  return `${Math.round(h / 24)} days ago`;
}

/**
 * The overview's line when a robots.txt change matters: the current version became current within 7 days and newly
 * blocks tracked URLs for Google or Bing ("robots.txt changed 14 minutes ago: blocks 31 important URLs").
 */
export function RobotsChangeLine({ orgId, projectId, serverNow }: { orgId: string; projectId: string; serverNow: number }) {
  const watch = useQuery(watchQuery(orgId, projectId));
  const id = watch.data?.robotsTxt.versionId ?? null;
  const version = useQuery({ ...robotsVersionQuery(orgId, projectId, id ?? "none"), enabled: !!id });
  const v = version.data;
  if (!v?.impact || !v.becameCurrentAt || !v.previousVersionId) return null;
  if (serverNow - new Date(v.becameCurrentAt).getTime() > 7 * 86_400_000) return null;
  const blocked = Math.max(v.impact.googlebot.newlyBlocked, v.impact.bingbot.newlyBlocked);
  if (blocked === 0) return null;
  const important = v.impact.importantBlocked;
  return (
    <p className={`rounded-md px-4 py-3 text-sm ${important ? "bg-red-50 text-red-900" : "bg-amber-50 text-amber-900"}`} role="status">
      robots.txt changed {ago(v.becameCurrentAt, serverNow)}: blocks {important ? `${n(important)} important URL${important === 1 ? "" : "s"}` : `${n(blocked)} tracked URL${blocked === 1 ? "" : "s"}`}.{" "}
      <Link href={`/projects/${projectId}/changes/robots?version=${v.id}`} className="font-medium underline">See the change</Link>
    </p>
  );
}

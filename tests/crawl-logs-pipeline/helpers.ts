import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import * as logsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/logs/route";
import * as logRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/logs/[logImportId]/route";
import * as activityRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/crawl-activity/route";
import * as untrackedRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/crawl-activity/untracked/route";
import * as urlCrawlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/crawl-activity/route";
import type { Target } from "../urls/helpers";

// Addresses inside the shipped range files (verified without DNS) and outside every list (spoofed: the fake DNS has no PTR for them).
export const IP = {
  googlebot: "66.249.64.5",
  bingbot: "157.55.39.10",
  gptbot: "132.196.86.7",
  spoofed: "203.0.113.9",
  browser: "198.51.100.23",
};
export const UA = {
  googlebot: "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot",
  browser: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** One nginx/Apache combined line, as nginx writes it. */
export function combined(ip: string, at: Date, path: string, status: number, ua: string, method = "GET"): string {
  const t = `${pad(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} +0000`;
  return `${ip} - - [${t}] "${method} ${path} HTTP/1.1" ${status} 5120 "-" "${ua}"`;
}

const base = (t: Target) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const params = (t: Target) => ({ organizationId: t.orgId, id: t.projectId });

async function envelope(res: Response) {
  const text = await res.text();
  return { res, body: text ? JSON.parse(text) : undefined };
}

/** POST …/logs with a multipart body, as a browser sends it. */
export async function upload(t: Target, content: string | Uint8Array, opts: { fileName?: string; format?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.set("file", new Blob([content as BlobPart]), opts.fileName ?? "access.log");
  if (opts.format) form.set("format", opts.format);
  const req = new Request(`${base(t)}/logs`, { method: "POST", body: form, headers: opts.headers ?? t.headers });
  return envelope(await logsRoute.POST(req, { params: Promise.resolve(params(t)) }));
}

export async function getImport(t: Target, id: string) {
  return envelope(await logRoute.GET(new Request(`${base(t)}/logs/${id}`, { headers: t.headers }), { params: Promise.resolve({ ...params(t), logImportId: id }) }));
}

export async function listImports(t: Target) {
  return envelope(await logsRoute.GET(new Request(`${base(t)}/logs`, { headers: t.headers }), { params: Promise.resolve(params(t)) }));
}

export async function activity(t: Target, query = "") {
  return envelope(await activityRoute.GET(new Request(`${base(t)}/crawl-activity${query}`, { headers: t.headers }), { params: Promise.resolve(params(t)) }));
}

export async function untracked(t: Target, query = "") {
  return envelope(await untrackedRoute.GET(new Request(`${base(t)}/crawl-activity/untracked${query}`, { headers: t.headers }), { params: Promise.resolve(params(t)) }));
}

export async function urlCrawl(t: Target, urlId: string, query = "") {
  return envelope(await urlCrawlRoute.GET(new Request(`${base(t)}/urls/${urlId}/crawl-activity${query}`, { headers: t.headers }), { params: Promise.resolve({ ...params(t), urlId }) }));
}

/** Uploads and waits for the in-process job to finish; returns the import as the API shows it. */
export async function uploadAndWait(t: Target, content: string | Uint8Array, opts: { fileName?: string; format?: string } = {}) {
  const { res, body } = await upload(t, content, opts);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  await whenInProcessIdle();
  return (await getImport(t, body.data.id)).body.data;
}

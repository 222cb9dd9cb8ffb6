// What a site lets AI crawlers do, per crawler and per use (search, training, user-triggered fetches): robots.txt
// groups, Cloudflare's Content-Signal lines, the snippet controls on rendered pages (nosnippet, max-snippet,
// data-nosnippet: Google's AI features obey them), Google-Extended, and whether an llms.txt is there.
import type { OrgCtx } from "@/lib/core/context";
import { AI_CRAWLERS } from "@/lib/crawl-logs/identify/get-ai-crawlers";
import { db, Prisma } from "@/lib/db";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { fetchRobotsFile, isAllowed, robotsOfFile } from "@/lib/robots";
import type { AiAccessResponse } from "./schemas";
import type { z } from "zod";

export type AiUse = "search" | "training" | "user";

/** The use each AI crawler token serves, as its operator documents it. */
export const AI_USE: Record<string, AiUse> = {
  GPTBot: "training", "OAI-SearchBot": "search", "ChatGPT-User": "user",
  ClaudeBot: "training", "Claude-SearchBot": "search", "Claude-User": "user",
  PerplexityBot: "search", "Perplexity-User": "user",
  "Google-Extended": "training", "Applebot-Extended": "training", CCBot: "training", Bytespider: "training",
  Amazonbot: "search", "meta-externalagent": "training",
};

/** Content-Signal keys (contentsignals.org) and the use each speaks for. */
const SIGNAL_USE: Record<string, AiUse> = { search: "search", "ai-train": "training", "ai-input": "user" };

/** `Content-Signal: search=yes, ai-train=no` lines of a robots.txt, each with the user-agent group it sits in. */
export function parseContentSignals(robotsTxt: string): { userAgent: string; signals: Record<string, string> }[] {
  const out: { userAgent: string; signals: Record<string, string> }[] = [];
  let agents: string[] = [];
  let lastWasAgent = false;
  for (const rawLine of robotsTxt.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    if (key === "user-agent") {
      agents = lastWasAgent ? [...agents, m[2].trim()] : [m[2].trim()];
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key !== "content-signal") continue;
    const signals: Record<string, string> = {};
    for (const pair of m[2].split(",")) {
      const [k, v] = pair.split("=").map((s) => s.trim().toLowerCase());
      if (k && (v === "yes" || v === "no")) signals[k] = v;
    }
    if (Object.keys(signals).length) out.push({ userAgent: agents.join(", ") || "*", signals });
  }
  return out.slice(0, 50);
}

export async function getAiAccess(ctx: OrgCtx, projectId: string, opts: { fetcher?: SafeFetcher } = {}): Promise<z.infer<typeof AiAccessResponse>> {
  const project = await getProjectOrThrow(ctx, projectId);
  const fetcher = opts.fetcher ?? getDefaultFetcher();
  const robotsUrl = `https://${project.domain}/robots.txt`;
  const llmsUrl = `https://${project.domain}/llms.txt`;
  const [file, llms, snippets] = await Promise.all([
    fetchRobotsFile(fetcher, robotsUrl, { timeoutMs: 10_000, maxRedirects: 5 }),
    fetcher.fetch(llmsUrl, { maxBodyBytes: 64 * 1024, maxDecodedBytes: 64 * 1024, totalTimeoutMs: 10_000, headers: { accept: "text/plain, text/markdown, */*;q=0.5" } }).catch(() => null),
    db.$queryRaw<{ sampled: number; nosnippet: number; max_snippet: number; data_nosnippet: number }[]>(Prisma.sql`
      SELECT count(*)::int AS sampled,
             count(*) FILTER (WHERE (raw->>'nosnippet')::boolean OR (rendered->>'nosnippet')::boolean)::int AS nosnippet,
             count(*) FILTER (WHERE raw->>'maxSnippet' IS NOT NULL OR rendered->>'maxSnippet' IS NOT NULL)::int AS max_snippet,
             count(*) FILTER (WHERE greatest(coalesce((rendered->>'dataNosnippet')::int, 0), coalesce((raw->>'dataNosnippet')::int, 0)) > 0)::int AS data_nosnippet
      FROM url_renders WHERE project_id = ${project.id}::uuid AND raw IS NOT NULL`),
  ]);
  const robots = robotsOfFile(file);
  const known = file.httpStatus !== null;
  const crawlers = AI_CRAWLERS.map((c) => ({ token: c.token, operator: c.operator, use: AI_USE[c.token] ?? "training", allowed: known ? isAllowed(robots, c.token, "/") : null }));
  const contentSignals = file.body ? parseContentSignals(file.body.toString("utf8")) : [];
  // The signal of the `*` group (or the last line that states it) speaks for a use.
  const signalFor = (use: AiUse): "yes" | "no" | null => {
    let value: "yes" | "no" | null = null;
    for (const line of contentSignals) for (const [k, v] of Object.entries(line.signals)) if (SIGNAL_USE[k] === use && (line.userAgent === "*" || value === null)) value = v as "yes" | "no";
    return value;
  };
  const uses = (["search", "training", "user"] as const).map((use) => {
    const mine = crawlers.filter((c) => c.use === use);
    const allowed = mine.filter((c) => c.allowed === true).length;
    const blocked = mine.filter((c) => c.allowed === false).length;
    const contentSignal = signalFor(use);
    const verdict = !known ? "unknown" as const : contentSignal === "no" || (blocked > 0 && allowed === 0) ? "blocked" as const : blocked > 0 ? "mixed" as const : "allowed" as const;
    return { use, crawlersAllowed: allowed, crawlersBlocked: blocked, contentSignal, verdict };
  });
  const s = snippets[0] ?? { sampled: 0, nosnippet: 0, max_snippet: 0, data_nosnippet: 0 };
  const llmsPresent = !!llms && llms.ok && llms.status === 200 && !/html/i.test(llms.headers["content-type"] ?? "") && llms.body.length > 0;
  return {
    robotsUrl, robotsStatus: file.httpStatus, crawlers, uses, contentSignals,
    googleExtended: known ? isAllowed(robots, "Google-Extended", "/") : null,
    snippets: { sampled: s.sampled, nosnippet: s.nosnippet, maxSnippet: s.max_snippet, dataNosnippet: s.data_nosnippet },
    llmsTxt: { present: llmsPresent, url: llmsUrl },
  };
}

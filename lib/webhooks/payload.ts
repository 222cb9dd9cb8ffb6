import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";

// What a delivery sends. `standard`: the Standard Webhooks envelope {type, timestamp, data} with the event's
// data as it is. `slack`: an incoming-webhook message ({text, blocks}) a person reads in a channel. Rendered
// once at fan-out and stored on the delivery, so retries and replays send the same bytes.

export type EventEnvelope = { type: string; timestamp: string; data: Record<string, unknown> };

/** The webhook-id of an event: the same for every endpoint, attempt and replay (receivers deduplicate on it). */
export const messageIdFor = (eventId: string) => `msg_${createHash("sha256").update(eventId).digest("base64url").slice(0, 27)}`;

const ENGINE_NAMES: Record<string, string> = { engineA: "engine A (webmaster console)", engineB: "engine B" };

function appUrl(path: string): string {
  const base = (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  return `${base}${path}`;
}

/** Slack mrkdwn: &, < and > are the only characters to escape. */
const esc = (s: unknown) => String(s ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const link = (url: string, text: string) => `<${url.replace(/[<>|]/g, encodeURIComponent)}|${esc(text)}>`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

async function context(data: Record<string, unknown>) {
  const projectId = typeof data.projectId === "string" ? data.projectId : null;
  const issueId = typeof data.issueId === "string" ? data.issueId : null;
  const [project, issue] = await Promise.all([
    projectId ? db.project.findUnique({ where: { id: projectId }, select: { domain: true } }) : null,
    issueId ? db.issue.findUnique({ where: { id: issueId }, select: { type: true, severity: true, affectedUrlCount: true } }) : null,
  ]);
  return { domain: project?.domain ?? "your project", projectId, issueId, issue };
}

/** The Slack message for an event; every public event reads as a sentence with a link into the app. */
export async function slackMessage(e: EventEnvelope): Promise<{ text: string; blocks: unknown[] }> {
  const d = e.data;
  const c = await context(d);
  const issueTitle = (type: unknown) => ISSUE_GUIDANCE[String(type) as keyof typeof ISSUE_GUIDANCE]?.title ?? String(type);
  const issueLink = c.projectId && c.issueId ? appUrl(`/projects/${c.projectId}/issues/${c.issueId}`) : appUrl("/");
  let text: string;
  switch (e.type) {
    case "issue.opened":
      text = `:rotating_light: ${d.reopened ? "Reopened" : "New issue"} on *${esc(c.domain)}*: ${link(issueLink, issueTitle(d.issueType))}, `
        + `${plural(Number(d.affectedUrlCount ?? 0), "URL")} affected (${esc(d.severity)}).`;
      break;
    case "issue.resolved":
      text = `:white_check_mark: Resolved on *${esc(c.domain)}*: ${link(issueLink, c.issue ? issueTitle(c.issue.type) : "an issue")}`
        + `${d.actorUserId ? " (by hand)" : " (no URL has it any more)"}.`;
      break;
    case "url.dropped_from_index":
      text = `:warning: ${link(String(d.url), String(d.url))} was dropped from the index of ${esc(ENGINE_NAMES[String(d.engine)] ?? d.engine)} `
        + `(${esc(d.from)} → ${esc(d.to)}) on *${esc(c.domain)}*. Likely cause: ${esc(String(d.cause).replace(/_/g, " "))}.`;
      break;
    case "sync.completed":
      text = `:arrows_counterclockwise: Sitemap sync of *${esc(c.domain)}* ${d.status === "partial" ? "finished with some sitemaps unread" : "finished"}: `
        + `${plural(Number(d.admitted ?? 0), "new URL")}.`;
      break;
    case "import.completed":
      text = `:inbox_tray: Import into *${esc(c.domain)}* completed: ${plural(Number(d.insertedRows ?? 0), "URL")} added, ${Number(d.skippedRows ?? 0)} skipped.`;
      break;
    default:
      text = `:wave: Test message from IndexWatch: this Slack webhook receives ${esc(c.domain === "your project" ? "your organization's" : c.domain)} events.`;
  }
  return { text, blocks: [{ type: "section", text: { type: "mrkdwn", text } }] };
}

export async function renderPayload(format: "standard" | "slack", e: EventEnvelope): Promise<unknown> {
  return format === "slack" ? slackMessage(e) : e;
}

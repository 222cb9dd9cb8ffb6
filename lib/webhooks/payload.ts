import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import type { EventPayload, PublicEvent, PublicEventType } from "@/lib/events/catalogue";
import { issueTitle } from "@/lib/issues/issue-types";
import { projectLabel } from "@/lib/notifications/issue-notification";
import { TEST_EVENT_TYPE } from "./schemas";

// What a delivery sends. `standard`: the Standard Webhooks envelope {type, timestamp, data} with the event's
// data as it is. `slack`: an incoming-webhook message ({text, blocks}) a person reads in a channel. Rendered
// once at fan-out and stored on the delivery, so retries and replays send the same bytes.

export type PublicEventEnvelope = { [T in PublicEventType]: { type: T; timestamp: string; data: EventPayload<T> } }[PublicEventType];
export type TestEventEnvelope = {
  type: typeof TEST_EVENT_TYPE; timestamp: string; data: { organizationId: string; webhookId: string; message: string };
};
export type EventEnvelope = PublicEventEnvelope | TestEventEnvelope;

/** The envelope of a public event, stamped `now`. */
export function envelopeOf(event: PublicEvent, now: Date): PublicEventEnvelope {
  // TypeScript cannot correlate name and data across the union; `event` pairs them by its type.
  return { type: event.name, timestamp: now.toISOString(), data: event.data } as PublicEventEnvelope;
}

/** The webhook-id of an event: the same for every endpoint, attempt and replay (receivers deduplicate on it). */
export const messageIdFor = (eventId: string) => `msg_${createHash("sha256").update(eventId).digest("base64url").slice(0, 27)}`;

const ENGINE_NAMES = { engineA: "Google", engineB: "Bing" } as const;

function appUrl(path: string): string {
  const base = (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  return `${base}${path}`;
}

/** Slack mrkdwn: &, < and > are the only characters to escape. */
const esc = (s: string | number) => `${s}`.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const link = (url: string, text: string) => `<${url.replace(/[<>|]/g, encodeURIComponent)}|${esc(text)}>`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * The project (and issue) an event names, read only within the event's organization: an event naming
 * another organization's ids reads as if they did not exist.
 */
async function context(e: EventEnvelope) {
  const { organizationId } = e.data;
  const projectId = "projectId" in e.data ? e.data.projectId : null;
  const issueId = "issueId" in e.data ? e.data.issueId : null;
  const [project, issue] = await Promise.all([
    projectId ? db.project.findFirst({ where: { id: projectId, organizationId }, select: { name: true, domain: true } }) : null,
    issueId && projectId
      ? db.issue.findFirst({ where: { id: issueId, projectId, organizationId }, select: { type: true, severity: true, affectedUrlCount: true } })
      : null,
  ]);
  return { domain: project ? projectLabel(project) : null, issueLink: project && issue ? appUrl(`/projects/${projectId}/issues/${issueId}`) : appUrl("/"), issue };
}

/** The Slack message for an event; every public event reads as a sentence with a link into the app. */
export async function slackMessage(e: EventEnvelope): Promise<{ text: string; blocks: unknown[] }> {
  const c = await context(e);
  const domain = esc(c.domain ?? "your project");
  let text: string;
  switch (e.type) {
    case "issue.opened":
      text = `:rotating_light: ${e.data.reopened ? "Reopened" : "New issue"} on *${domain}*: ${link(c.issueLink, issueTitle(e.data.issueType))}, `
        + `${plural(e.data.affectedUrlCount, "URL")} affected (${esc(e.data.severity)}).`;
      break;
    case "issue.resolved":
      text = `:white_check_mark: Resolved on *${domain}*: ${link(c.issueLink, c.issue ? issueTitle(c.issue.type) : "an issue")}`
        + `${e.data.actorUserId ? " (by hand)" : " (no URL has it any more)"}.`;
      break;
    case "url.dropped_from_index":
      text = `:warning: ${link(e.data.url, e.data.url)} was dropped from ${esc(ENGINE_NAMES[e.data.engine])}'s index `
        + `(${esc(e.data.from)} → ${esc(e.data.to)}) on *${domain}*. Likely cause: ${esc(e.data.cause.replace(/_/g, " "))}.`;
      break;
    case "sync.completed":
      text = `:arrows_counterclockwise: Sitemap sync of *${domain}* ${e.data.status === "partial" ? "finished with some sitemaps unread" : "finished"}: `
        + `${plural(e.data.admitted, "new URL")}.`;
      break;
    case "url.removed":
      text = `:wastebasket: ${link(e.data.url, e.data.url)} is out of the index on *${domain}* `
        + `(declared ${esc(e.data.declaredAt.slice(0, 10))}, removed ${esc(e.data.removedAt.slice(0, 10))}).`;
      break;
    case "removal.stuck":
      text = `:hourglass: ${link(e.data.url, e.data.url)} is still indexed on *${domain}* ${esc(e.data.stuckAfterDays)} days after its removal was declared. `
        + `${esc(e.data.reason)}.`;
      break;
    case "robots_txt.changed":
      text = `:robot_face: robots.txt of *${domain}* changed (+${e.data.linesAdded} −${e.data.linesRemoved} lines): `
        + `${plural(e.data.googlebotNewlyBlocked, "URL")} newly blocked for Google, ${e.data.bingbotNewlyBlocked} for Bing`
        + `${e.data.importantBlocked ? `, ${plural(e.data.importantBlocked, "important URL")} among them` : ""}. `
        + `${link(appUrl(`/projects/${e.data.projectId}/changes/robots?version=${e.data.versionId}`), "See the diff")}`;
      break;
    case "import.completed":
      text = `:inbox_tray: Import into *${domain}* completed: ${plural(e.data.insertedRows, "URL")} added, ${e.data.skippedRows} skipped.`;
      break;
    case "site_change.detected":
      text = `:rotating_light: Site change on *${domain}*: ${link(appUrl(`/projects/${e.data.projectId}/changes`), e.data.text)}`
        + `${e.data.sections.length ? ` (${esc(e.data.sections.slice(0, 3).map((s) => `/${s}`).join(", "))})` : ""}.`;
      break;
    case "site_change.reverted":
      text = `:white_check_mark: Site change reverted on *${domain}*: ${esc(e.data.text)}.`;
      break;
    case "deploy.recorded":
      text = `:rocket: Deploy recorded on *${domain}*${e.data.ref ? ` (${esc(e.data.ref)})` : ""}: sentinel pages are being checked.`;
      break;
    default:
      text = `:wave: Test message from IndexWatch: this Slack webhook receives ${c.domain ? esc(c.domain) : "your organization's"} events.`;
  }
  return { text, blocks: [{ type: "section", text: { type: "mrkdwn", text } }] };
}

export async function renderPayload(format: "standard" | "slack", e: EventEnvelope): Promise<unknown> {
  return format === "slack" ? slackMessage(e) : e;
}

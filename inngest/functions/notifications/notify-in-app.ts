import { inngest } from "@/inngest/client";
import { creditsLow, issueOpened } from "@/lib/events/catalogue";
import { digestIssueOpened, sendDueDigests } from "@/lib/notifications/digest";
import { issueOpenedNotification, notifiedProject } from "@/lib/notifications/issue-notification";
import { notifyMembers } from "@/lib/notifications/notify-members";

// The organization's members are told, on every channel their preferences allow: credits running low, an
// issue group opened (in-app and push at once; by email through the hourly digest).
export const notifyCreditsLowFn = inngest.createFunction(
  { id: "notifications-credits-low", triggers: [creditsLow] },
  async ({ event, step }) => step.run("notify", () => notifyMembers(event.data.organizationId, {
    type: "credits.low", title: "Inspection credits are running low",
    body: `Your organization has ${event.data.balance} inspection credit${event.data.balance === 1 ? "" : "s"} left (below ${event.data.threshold}). Scheduled inspections pause at 0.`,
    data: { balance: event.data.balance, threshold: event.data.threshold },
  })),
);

export const notifyIssueOpenedFn = inngest.createFunction(
  { id: "notifications-issue-opened", triggers: [issueOpened] },
  async ({ event, step }) => {
    const d = event.data;
    const project = await step.run("project", () => notifiedProject(d.organizationId, d.projectId));
    if (!project) return { skipped: "project gone" };
    const { title, body } = issueOpenedNotification(project, d);
    const told = await step.run("notify", () => notifyMembers(d.organizationId, {
      type: "issue.opened", title, body, data: { projectId: d.projectId, issueId: d.issueId, issueType: d.issueType, reopened: d.reopened },
    }));
    const mailed = await step.run("digest", () => digestIssueOpened(d.organizationId, d.projectId, { issueId: d.issueId, title, body, openedAt: d.openedAt }));
    return { ...told, digestMailed: mailed };
  },
);

// Every five minutes: issue digests whose hour is up.
export const sendIssueDigestsFn = inngest.createFunction(
  { id: "notifications-email-digest", triggers: [{ cron: "*/5 * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("send", () => sendDueDigests()),
);

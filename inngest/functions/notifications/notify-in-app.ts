import { inngest } from "@/inngest/client";
import { creditsLow, issueOpened } from "@/lib/events/catalogue";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { notifyMembers } from "@/lib/notifications/notify-members";

// In-app notifications for the organization's members, by preference: credits running low, an issue group opened.
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
  async ({ event, step }) => step.run("notify", () => notifyMembers(event.data.organizationId, {
    type: "issue.opened", title: `${event.data.reopened ? "Reopened" : "New issue"}: ${(ISSUE_GUIDANCE as Record<string, { title: string }>)[event.data.issueType]?.title ?? event.data.issueType}`,
    body: `${event.data.affectedUrlCount} URL${event.data.affectedUrlCount === 1 ? "" : "s"} affected (${event.data.severity}).`,
    data: { projectId: event.data.projectId, issueId: event.data.issueId, issueType: event.data.issueType, reopened: event.data.reopened },
  })),
);

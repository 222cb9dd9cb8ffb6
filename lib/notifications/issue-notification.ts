import { db, type IssueSeverity, type IssueType } from "@/lib/db";
import { issueTitle } from "@/lib/issues/issue-types";

/** A project as a person knows it: its name and its domain ("Acme Outdoor (acme-outdoor.com)"), the domain alone when they agree. */
export function projectLabel(p: { name: string; domain: string }): string {
  const name = p.name.trim();
  return !name || name.toLowerCase() === p.domain.toLowerCase() ? p.domain : `${name} (${p.domain})`;
}

export type IssueOpenedFacts = { issueType: IssueType; severity: IssueSeverity; affectedUrlCount: number; reopened: boolean };

/**
 * The title and body of an issue.opened notification (in-app, push and the mail digest): the project first,
 * so that a list of notifications across 25 sites says which site each one is about.
 */
export function issueOpenedNotification(project: { name: string; domain: string }, f: IssueOpenedFacts): { title: string; body: string } {
  const n = f.affectedUrlCount;
  return {
    title: `${projectLabel(project)}: ${f.reopened ? "reopened" : "new issue"}, ${issueTitle(f.issueType)}`,
    body: n === 0
      ? `${f.reopened ? "Reopened" : "Opened"} on ${project.domain} for the whole site (${f.severity}).`
      : `${n.toLocaleString("en-US")} URL${n === 1 ? "" : "s"} of ${project.domain} affected (${f.severity}).`,
  };
}

/** The name and domain of an organization's project, or null when it is not (or no longer) there. */
export async function notifiedProject(organizationId: string, projectId: string): Promise<{ name: string; domain: string } | null> {
  return db.project.findFirst({ where: { id: projectId, organizationId, deletedAt: null }, select: { name: true, domain: true } });
}

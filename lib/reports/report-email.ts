import type { Mail } from "@/lib/mail/send-mail";
import { unlinkable } from "@/lib/mail/unlinkable";
import { layout } from "@/lib/notifications/email-templates";
import { reportFileName } from "./internal";
import { periodLabel } from "./periods";
import type { ReportData } from "./report-data";

const n = (v: number) => v.toLocaleString("en-US");
const change = (now: number, before: number | undefined) => {
  if (before === undefined) return "";
  const d = now - before;
  return d === 0 ? " (no change)" : ` (${d > 0 ? "+" : "−"}${n(Math.abs(d))})`;
};

/**
 * The mail that carries a client report to one recipient: the headline numbers in the body, the PDF attached, and
 * the recipient's own one-click unsubscribe (a link in the footer and RFC 8058 List-Unsubscribe headers).
 */
export function reportMail(data: ReportData, pdf: Uint8Array, to: string, opts: { test: boolean; unsubscribeUrl: string }): Mail {
  const { project, period, counters } = data;
  const label = periodLabel(period);
  const kind = period.cadence === "weekly" ? "Weekly" : "Monthly";
  const domain = unlinkable(project.domain);
  const subject = `${opts.test ? "[Test] " : ""}${kind} indexing report for ${project.domain}: ${label}`;
  const before = counters.start ?? undefined;
  const body = layout({
    heading: `${kind} indexing report for ${domain}`,
    paragraphs: [
      `${period.cadence === "weekly" ? "Week of " : ""}${label}. The full report is attached as a PDF.`,
      `Indexed by Google or Bing: ${n(counters.end.indexedUrls)} of ${n(counters.end.totalUrls)} tracked pages${change(counters.end.indexedUrls, before?.indexedUrls)}.`,
      `Indexed on Google: ${n(data.engines.google)}. Indexed on Bing: ${n(data.engines.bing)}.`,
      `Broken pages: ${n(counters.end.brokenUrls)}${change(counters.end.brokenUrls, before?.brokenUrls)}. Open issue groups: ${n(counters.end.openIssues)}.`,
      ...(opts.test ? ["This is a test report, sent only to you. Scheduled reports go to the recipients set in the project's client reports."] : []),
    ],
    footer: opts.test
      ? "Sent by IndexWatch at your request."
      : `Sent by IndexWatch for ${project.organizationName ? `“${unlinkable(project.organizationName)}”` : `the team that looks after ${domain}`}, who added you to this report's recipients.`,
    footerLink: { label: "Stop these reports", url: opts.unsubscribeUrl },
  });
  return {
    to, subject: subject.slice(0, 200), ...body, url: opts.unsubscribeUrl,
    headers: { "List-Unsubscribe": `<${opts.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    attachments: [{ filename: reportFileName(project.domain, period.start), content: pdf, contentType: "application/pdf" }],
  };
}

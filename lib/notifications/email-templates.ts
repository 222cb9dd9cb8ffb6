import { appBaseUrl } from "@/lib/core/app-base-url";
import type { NotificationTypeValue } from "./types";
import { escapeHtml as esc } from "@/lib/mail/escape-html";

// One email template per notification type: a subject and where its button leads, around the
// notification's own title and body; a plain-text twin of every HTML mail. Everything that comes from data
// is escaped. The footer says why the mail came and where to change that.

export type EmailNotification = { type: NotificationTypeValue; title: string; body: string; data?: Record<string, unknown> | null };
export type RenderedEmail = { subject: string; text: string; html: string };

const str = (v: unknown) => (typeof v === "string" ? v : null);

type Template = { subject: (n: EmailNotification) => string; action: string; path: (n: EmailNotification) => string };
const billing: Template = { subject: (n) => n.title, action: "Open billing", path: () => "/settings/organization" };
const team: Template = { subject: (n) => n.title, action: "Open the organization", path: () => "/settings/organization" };
const security: Template = { subject: (n) => `Security: ${n.title}`, action: "Review your account", path: () => "/settings/account" };

export const TEMPLATES: Record<NotificationTypeValue, Template> = {
  "subscription.created": billing, "subscription.expired": billing, "subscription.cancelled": billing, "subscription.renewed": billing,
  "subscription.renewal_reminder": billing, "payment.failed": { ...billing, subject: (n) => `Action needed: ${n.title}` },
  "invite.sent": { subject: (n) => n.title, action: "See the invitation email", path: () => "/projects" },
  "invite.accepted": team, "member.removed": { ...team, path: () => "/projects" }, "member.role_changed": team,
  "credits.low": { subject: (n) => n.title, action: "See credits", path: () => "/projects" },
  "seats.full": billing,
  "security.password_changed": security, "security.email_changed": security, "security.2fa_changed": security, "security.passkey_changed": security,
  "issue.opened": {
    subject: (n) => n.title, action: "Open the issue",
    path: (n) => (str(n.data?.projectId) ? `/projects/${str(n.data?.projectId)}/issues${str(n.data?.issueId) ? `/${str(n.data?.issueId)}` : ""}` : "/projects"),
  },
  "site_change.detected": {
    subject: (n) => n.title, action: "Open the changes",
    path: (n) => (str(n.data?.projectId) ? `/projects/${str(n.data?.projectId)}/changes` : "/projects"),
  },
  "robots_txt.changed": {
    subject: (n) => n.title, action: "See the change",
    path: (n) => (str(n.data?.projectId) ? `/projects/${str(n.data?.projectId)}/changes/robots${str(n.data?.versionId) ? `?version=${str(n.data?.versionId)}` : ""}` : "/projects"),
  },
};

export function layout(opts: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; footer: string; footerLink?: { label: string; url: string } }): { text: string; html: string } {
  const text = [opts.heading, "", ...opts.paragraphs, ...(opts.action ? ["", `${opts.action.label}: ${opts.action.url}`] : []), "", "—", opts.footer,
    ...(opts.footerLink ? [`${opts.footerLink.label}: ${opts.footerLink.url}`] : [])].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">`
    + `<div style="max-width:560px;margin:0 auto;padding:24px"><p style="font-weight:600;color:#1d4ed8;margin:0 0 16px">IndexWatch</p>`
    + `<div style="background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:24px"><h1 style="font-size:18px;margin:0 0 12px">${esc(opts.heading)}</h1>`
    + opts.paragraphs.map((p) => `<p style="font-size:14px;line-height:1.5;margin:0 0 12px">${esc(p)}</p>`).join("")
    + (opts.action ? `<p style="margin:20px 0 0"><a href="${esc(opts.action.url)}" style="background:#2563eb;color:#fff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px;display:inline-block">${esc(opts.action.label)}</a></p>` : "")
    + `</div><p style="font-size:12px;color:#64748b;margin:16px 0 0">${esc(opts.footer)}${opts.footerLink ? ` <a href="${esc(opts.footerLink.url)}" style="color:#64748b">${esc(opts.footerLink.label)}</a>` : ""}</p></div></body></html>`;
  return { text, html };
}

/** The mail for one notification. */
export function renderNotificationEmail(n: EmailNotification): RenderedEmail {
  const t = TEMPLATES[n.type];
  const base = appBaseUrl();
  const { text, html } = layout({
    heading: n.title, paragraphs: [n.body], action: { label: t.action, url: `${base}${t.path(n)}` },
    footer: "You get this email because of your IndexWatch notification settings.", footerLink: { label: "Change them", url: `${base}/settings/notifications` },
  });
  return { subject: t.subject(n).slice(0, 200), text, html };
}

import { db } from "@/lib/db";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { sendMail } from "@/lib/mail/send-mail";
import { escapeHtml } from "@/lib/mail/escape-html";


/**
 * Tells the organization's owners and admins by email that an endpoint was disabled (no notification type
 * of SPEC.md fits, so there is no in-app or push twin). One mail per person; a failed send is logged.
 */
export async function notifyEndpointDisabled(organizationId: string, endpointId: string): Promise<number> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, organizationId }, select: { url: true, disabledReason: true, organization: { select: { name: true } } } });
  if (!endpoint) return 0;
  const people = await db.membership.findMany({
    where: { organizationId, role: { in: ["owner", "admin"] }, user: { isActive: true } }, select: { user: { select: { email: true } } },
  });
  const link = `${appBaseUrl()}/settings/webhooks`;
  const subject = `A webhook endpoint of ${endpoint.organization.name} was disabled`;
  const text = `Every delivery to ${endpoint.url} has failed for three days, so IndexWatch stopped sending to it.\n\n`
    + `Last error: ${endpoint.disabledReason ?? "unknown"}\n\nFix the receiver, then enable the endpoint again: ${link}\nThe delivery log shows every attempt.`;
  const html = `<p>Every delivery to <code>${escapeHtml(endpoint.url)}</code> has failed for three days, so IndexWatch stopped sending to it.</p>`
    + `<p>Last error: ${escapeHtml(endpoint.disabledReason ?? "unknown")}</p><p><a href="${escapeHtml(link)}">Fix the receiver, then enable the endpoint again</a>; the delivery log shows every attempt.</p>`;
  let sent = 0;
  for (const { user } of people) {
    try {
      await sendMail({ to: user.email, subject, text, html });
      sent++;
    } catch (e) {
      console.error(`[webhooks] could not mail ${user.email} about disabled endpoint ${endpointId}`, e);
    }
  }
  return sent;
}

import webpush from "web-push";
import { db } from "@/lib/db";
import { configuredFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";

// Web push with the `web-push` package: it encrypts the payload (aes128gcm) and signs the VAPID header; the
// request goes out through our SSRF-safe fetcher, because a push endpoint is whatever a browser (or a
// caller of the API) registered. A target the push service says is gone (404, 410) is removed.

export type PushMessage = { type: string; title: string; body: string; url?: string; data?: Record<string, unknown> };
export type PushResult = { sent: number; removed: number; failed: number };

/** VAPID keys from the environment, or null when web push is not configured. */
export function vapid(): { subject: string; publicKey: string; privateKey: string } | null {
  const publicKey = process.env.VAPID_PUBLIC_KEY?.trim(), privateKey = process.env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { subject: process.env.VAPID_SUBJECT?.trim() || "mailto:ops@indexwatch.local", publicKey, privateKey };
}

const pushFetcher = () => configuredFetcher({ maxPerHost: 16 });

const CONCURRENCY = 8;

/** Pushes one message to every target of these users; never throws. */
export async function sendWebPush(userIds: string[], message: PushMessage, opts: { fetcher?: SafeFetcher } = {}): Promise<PushResult> {
  const keys = vapid();
  const result: PushResult = { sent: 0, removed: 0, failed: 0 };
  if (!keys || !userIds.length) return result;
  const targets = await db.pushTarget.findMany({ where: { userId: { in: userIds } } });
  const payload = JSON.stringify({ title: message.title, body: message.body, type: message.type, url: message.url ?? urlFor(message), data: message.data ?? {} });
  let next = 0;
  const work = async () => {
    for (let i = next++; i < targets.length; i = next++) {
      const t = targets[i];
      try {
        const req = webpush.generateRequestDetails({ endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } }, payload, { vapidDetails: keys, TTL: 24 * 3600 });
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const r = await (opts.fetcher ?? pushFetcher()).fetch(req.endpoint, { method: "POST", body: req.body ?? "", headers, totalTimeoutMs: 10_000, maxBodyBytes: 64 * 1024, maxRedirects: 0 });
        if (r.ok && r.status >= 200 && r.status < 300) result.sent++;
        else if (r.ok && (r.status === 404 || r.status === 410)) {
          await db.pushTarget.deleteMany({ where: { id: t.id } });
          result.removed++;
        } else {
          result.failed++;
          console.warn(`[push] ${new URL(t.endpoint).host}: ${r.ok ? `HTTP ${r.status}` : r.error.message}`);
        }
      } catch (e) {
        result.failed++;
        console.warn("[push] could not send", (e as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, work));
  return result;
}

function urlFor(m: PushMessage): string {
  const projectId = m.data?.projectId, issueId = m.data?.issueId;
  if (typeof projectId === "string") return `/projects/${projectId}/issues${typeof issueId === "string" ? `/${issueId}` : ""}`;
  return "/notifications";
}

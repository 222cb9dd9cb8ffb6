// The control routes of the fake IndexNow endpoint (tests/fakes/indexnow-server.ts) that the app under
// test posts to through INDEXNOW_ENDPOINT; mounted under /indexnow by scripts/e2e-fakes.ts (API: e2e/README.md).
import type { FakeIndexNow, FakeReply } from "../tests/fakes/indexnow-server";

type Body = Record<string, unknown>;

function replyOf(v: unknown): FakeReply {
  const r = (v ?? {}) as Body;
  const status = Number(r.status);
  if (!Number.isInteger(status) || status < 100 || status > 599) throw new Error(`"status" must be an HTTP status code`);
  return {
    status,
    body: typeof r.body === "string" ? r.body : undefined,
    headers: r.headers as Record<string, string> | undefined,
    delayMs: typeof r.delayMs === "number" ? r.delayMs : undefined,
  };
}

const hostOf = (h: string | undefined) => (h ?? "").toLowerCase();

/** Answers one control request under /indexnow; null when the route is not one of these. */
export function indexNowControl(fake: FakeIndexNow, route: string, body: Body, q: (name: string) => string | undefined): unknown {
  switch (route) {
    case "POST /indexnow/reply": {
      const replies = (Array.isArray(body.replies) ? body.replies : [body]).map(replyOf);
      if (typeof body.host === "string" && body.host) fake.replyFor(body.host, ...replies);
      else fake.reply(...replies);
      return { queued: replies.map((r) => r.status) };
    }
    case "POST /indexnow/default":
      fake.setDefault(replyOf(body));
      return { default: body.status };
    case "DELETE /indexnow":
      fake.reset();
      return { reset: true };
    case "GET /indexnow/requests": {
      const host = q("host")?.toLowerCase();
      return fake.requests
        .filter((r) => !host || hostOf(r.body?.host) === host)
        .map((r) => ({ method: r.method, host: r.body?.host ?? null, key: r.body?.key ?? null, keyLocation: r.body?.keyLocation ?? null, urlList: r.body?.urlList ?? [], answeredWith: r.answeredWith }));
    }
    default:
      return null;
  }
}

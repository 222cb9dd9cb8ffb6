// POST /api/ingest/logs takes a bearer token and no other credentials: failed tokens are counted per client address,
// and beyond the limit the address is refused (429 RATE_LIMITED, Retry-After) whatever token it sends, so guessing
// learns nothing more; a valid token from another address still pushes.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tokenRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/logs/ingest-token/route";
import * as ingestRoute from "@/app/api/ingest/logs/route";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { createTestTenant } from "../factories";
import { call } from "../http";
import { projectFor, type Target } from "../urls/helpers";
import { STORES, dropCounters, openStore, policies, uniquePrefix } from "./stores";

const push = (token: string, ip: string) =>
  call(ingestRoute.POST, {
    method: "POST", url: "http://127.0.0.1:3000/api/ingest/logs", rawBody: "\n",
    headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${token}`, "x-forwarded-for": ip },
  });
const unknownToken = () => `iwlog_${crypto.randomBytes(32).toString("base64url")}`;
const freshIp = () => `198.51.100.${crypto.randomInt(1, 250)}`;

describe("failed ingest tokens, per client address", () => {
  const spec = STORES[0];
  const prefix = uniquePrefix("ingest-fail");
  let t: Target;
  let token: string;
  beforeAll(async () => {
    await replaceRateLimits(createRateLimits(openStore(spec), policies({ ingestTokenFailures: { points: 3, duration: 60 } }), prefix));
    t = await projectFor(await createTestTenant("ingest-fail"));
    const made = await call(tokenRoute.POST, {
      method: "POST", url: `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/logs/ingest-token`,
      headers: t.headers, params: { organizationId: t.orgId, id: t.projectId },
    });
    token = made.body.data.token;
  });
  afterAll(async () => {
    await replaceRateLimits(undefined);
    await dropCounters(spec, prefix);
  });

  it("answer 401 up to the limit, then 429 RATE_LIMITED with Retry-After, also for a valid token from that address", async () => {
    const attacker = freshIp();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await push(unknownToken(), attacker));
    expect(answers.map((a) => a.res.status)).toEqual([401, 401, 401, 429, 429]);
    expect(answers[0].body).toMatchObject({ code: "UNAUTHORIZED" });
    const refused = answers[3];
    expect(refused.body).toMatchObject({ success: false, status: 429, code: "RATE_LIMITED" });
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // No oracle: past the limit a right guess reads the same as a wrong one.
    expect((await push(token, attacker)).res.status).toBe(429);

    // Another address: the valid token pushes, and an unknown one is a plain 401.
    const shipper = `203.0.113.${crypto.randomInt(1, 250)}`;
    const ok = await push(token, shipper);
    expect(ok.res.status).toBe(200);
    expect(ok.body.data).toMatchObject({ accepted: 0, rejected: 0 });
    expect((await push(unknownToken(), shipper)).res.status).toBe(401);
  });

  it("valid pushes are not counted as failures", async () => {
    const shipper = "192.0.2.77";
    for (let i = 0; i < 5; i++) expect((await call(ingestRoute.POST, {
      method: "POST", url: "http://127.0.0.1:3000/api/ingest/logs", rawBody: `\n${"\n".repeat(i)}`,
      headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${token}`, "x-forwarded-for": shipper, "idempotency-key": `b-${i}` },
    })).res.status).toBe(200);
    expect((await push(unknownToken(), shipper)).res.status).toBe(401);
  });
});

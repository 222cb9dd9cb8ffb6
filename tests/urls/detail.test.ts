import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as diagnosisRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/diagnosis/route";
import * as detailRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/detail/route";
import * as urlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/route";
import * as issuesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/issues/route";
import * as historyRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/history/route";
import * as googleCheckRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/google-check/route";
import * as performanceRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/performance/route";
import * as crawlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/crawl-activity/route";
import * as removalsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/removals/route";
import * as renderRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/render/route";
import * as changesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/changes/route";
import * as linksRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/links/route";
import * as previewRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/activation-preview/route";
import { R } from "@/lib/auth/scopes";
import { call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { admit, projectFor, type Target } from "./helpers";

// The URL panel reads everything it shows in one request (issue 33, item 17): each part must be what the part's
// own endpoint answers, so the panel shows the same numbers whichever way it was read.

let alice: TestUser;
let mallory: TestUser;
beforeAll(async () => {
  alice = await createTestUser("url-detail");
  mallory = await createTestUser("url-detail-attacker");
});

type Handler = Parameters<typeof call>[0];
const base = (t: Target, urlId: string) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/urls/${urlId}`;
const params = (t: Target, urlId: string) => ({ organizationId: t.orgId, id: t.projectId, urlId });
const get = (handler: Handler, t: Target, urlId: string, rest = "") => call(handler, { url: `${base(t, urlId)}${rest}`, headers: t.headers, params: params(t, urlId) });

async function urlWithHistory(t: Target) {
  await admit(t, [`https://${t.domain}/guides/one`, `https://${t.domain}/two`]);
  const url = await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId, url: { endsWith: "/guides/one" } } });
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  const entry = (kind: "audit" | "engineA" | "engineB", daysAgo: number, state: Record<string, string | number>) =>
    ({ organizationId: t.orgId, projectId: t.projectId, trackedUrlId: url.id, observedAt: at(daysAgo), kind, state, changed: [], source: "scheduled" });
  // Twelve audits (more than the panel's first page), and engine answers older than the newest audits.
  await db.urlHistoryEntry.createMany({
    data: [
      ...Array.from({ length: 12 }, (_, i) => entry("audit", i + 1, { healthState: "healthy", httpStatus: 200, indexability: "indexable" })),
      entry("engineA", 20, { state: "not_indexed", coverageState: "Crawled - currently not indexed" }),
      entry("engineA", 15, { state: "indexed", coverageState: "Submitted and indexed" }),
      entry("engineB", 30, { state: "indexed" }),
    ],
  });
  return url;
}

describe("GET …/urls/{urlId}/detail", () => {
  it("answers the URL, its issues, history, both engines' latest answers, Google check, crawl, removals and credits as their endpoints do", async () => {
    const t = await projectFor(alice);
    const url = await urlWithHistory(t);
    const { res, body } = await get(detailRoute.GET, t, url.id);
    expect(res.status).toBe(200);
    const d = body.data;
    expect(Object.keys(d).sort()).toEqual(["activationPreview", "crawlActivity", "diagnosis", "fieldChanges", "googleCheck", "history", "issues", "latestAnswers", "links", "performance", "removals", "render", "url"]);

    expect(d.url).toEqual((await get(urlRoute.GET, t, url.id)).body.data);
    expect(d.issues).toEqual((await get(issuesRoute.GET, t, url.id)).body.data);
    const history = (await get(historyRoute.GET, t, url.id, "?offset=0&limit=10")).body;
    expect(d.history).toEqual({ data: history.data, meta: history.meta });
    expect(d.history.meta).toMatchObject({ total: 15, hasMore: true });
    expect(d.latestAnswers.engineA).toEqual((await get(historyRoute.GET, t, url.id, "?kind=engineA&offset=0&limit=1")).body.data[0]);
    expect(d.latestAnswers.engineA.state).toMatchObject({ state: "indexed" });
    expect(d.latestAnswers.engineB).toEqual((await get(historyRoute.GET, t, url.id, "?kind=engineB&offset=0&limit=1")).body.data[0]);
    expect(d.googleCheck).toEqual((await get(googleCheckRoute.GET, t, url.id)).body.data);
    expect(d.crawlActivity).toEqual((await get(crawlRoute.GET, t, url.id, "?days=90")).body.data);
    expect(d.removals).toEqual((await get(removalsRoute.GET, t, url.id)).body.data);
    const changes = (await get(changesRoute.GET, t, url.id, "?offset=0&limit=10")).body;
    expect(d.fieldChanges).toEqual({ data: changes.data, meta: changes.meta });
    expect(d.diagnosis).toEqual((await get(diagnosisRoute.GET, t, url.id)).body.data);
    expect(d.links).toEqual((await get(linksRoute.GET, t, url.id)).body.data);
    // Before the first render the render endpoint answers 404 and the detail null.
    expect((await get(renderRoute.GET, t, url.id)).res.status).toBe(404);
    expect(d.render).toBeNull();
    const preview = await call(previewRoute.GET, {
      url: `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/activation-preview`, headers: t.headers,
      params: { organizationId: t.orgId, id: t.projectId },
    });
    expect(d.activationPreview).toEqual(preview.body.data);
    // Before the first Search Analytics pull there is no performance to chart.
    expect(d.performance).toBeNull();
  });

  it("carries 90 days of performance once Search Analytics has been pulled, as the performance endpoint answers", async () => {
    const t = await projectFor(alice);
    const url = await urlWithHistory(t);
    await db.trackedUrl.update({ where: { id: url.id }, data: { clicks28d: 3, impressions28d: 40 } });
    const { body } = await get(detailRoute.GET, t, url.id);
    expect(body.data.performance).toHaveLength(90);
    expect(body.data.performance).toEqual((await get(performanceRoute.GET, t, url.id, "?days=90")).body.data);
  });

  it("answers 404 for an unknown or malformed id, another project's URL and another organization's URL", async () => {
    const t = await projectFor(alice);
    const sibling = await projectFor(alice);
    const foreign = await urlWithHistory(sibling);
    for (const id of [crypto.randomUUID(), "nope", foreign.id]) {
      const { res, body } = await get(detailRoute.GET, t, id);
      expect(res.status, id).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
    const attacker = await projectFor(mallory);
    const asAttacker = await call(detailRoute.GET, {
      url: base({ ...sibling, headers: attacker.headers }, foreign.id), headers: attacker.headers, params: params(sibling, foreign.id),
    });
    expect(asAttacker.res.status).toBe(404);
    expect(JSON.stringify(asAttacker.body)).not.toContain(foreign.url);
  });

  it("answers an API key with the read scopes of the organization, and 401 without credentials", async () => {
    const t = await projectFor(alice);
    const url = await urlWithHistory(t);
    const readKey = await createTestApiKey(alice, R);
    const ok = await call(detailRoute.GET, { url: base(t, url.id), headers: { "x-api-key": readKey.key }, params: params(t, url.id) });
    expect(ok.res.status).toBe(200);
    expect(ok.body.data.url.id).toBe(url.id);
    const noKey = await call(detailRoute.GET, { url: base(t, url.id), params: params(t, url.id) });
    expect(noKey.res.status).toBe(401);
  });
});

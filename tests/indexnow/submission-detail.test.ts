import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as submissionRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/submissions/[submissionId]/route";
import * as submissionUrlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/submissions/[submissionId]/urls/route";
import { db } from "@/lib/db";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";
import { addUrls, keyedProject, steppingClock, submissionsOf, submit, type Target } from "./helpers";

let fake: FakeIndexNow;
let alice: TestUser;
let mallory: TestUser;
let victim: Target;
let accepted: string;
let failed: string;

type Caller = Pick<Target, "orgId" | "projectId" | "headers">;
const base = (t: Caller, id: string) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/submissions/${id}`;
const getOne = (t: Caller, id: string) => call(submissionRoute.GET, { url: base(t, id), headers: t.headers, params: { organizationId: t.orgId, id: t.projectId, submissionId: id } });
const getUrls = (t: Caller, id: string, query = "") =>
  call(submissionUrlsRoute.GET, { url: `${base(t, id)}/urls${query}`, headers: t.headers, params: { organizationId: t.orgId, id: t.projectId, submissionId: id } });

beforeAll(async () => {
  [fake, alice, mallory] = await Promise.all([startFakeIndexNow(), createTestUser("inow-detail-alice"), createTestUser("inow-detail-mallory")]);
  victim = await keyedProject(alice);
  await addUrls(victim, 15);
  fake.reply({ status: 200, body: "ok" }, { status: 503, body: "down" });
  await submit(victim, fake.url, steppingClock(), { batchSize: 10 });
  const batches = await submissionsOf(victim);
  [accepted, failed] = batches.map((b) => b.id);
  expect(batches.map((b) => b.status)).toEqual(["accepted", "error"]);
});
afterAll(() => fake.close());

describe("GET …/submissions/{id} and …/urls", () => {
  it("opens a batch: the summary, how many URLs are on record and until when", async () => {
    const { res, body } = await getOne(victim, accepted);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ id: accepted, projectId: victim.projectId, status: "accepted", responseCode: 200, urlCount: 10, urlsListed: 10 });
    expect(Date.parse(body.data.urlsKeptUntil) - Date.parse(body.data.createdAt)).toBe(90 * 24 * 3600_000);
  });

  it("lists its URLs in order with the batch's answer and where each stands now, paginated", async () => {
    const { body } = await getUrls(victim, accepted, "?limit=4");
    expect(body.meta).toEqual({ total: 10, offset: 0, limit: 4, hasMore: true });
    const sent = (await db.submissionUrl.findMany({ where: { submissionId: accepted }, select: { url: true } })).map((r) => r.url).sort();
    expect(body.data.map((u: { url: string }) => u.url)).toEqual(sent.slice(0, 4));
    expect(body.data[0]).toMatchObject({ outcome: "accepted", tracked: true, queued: false, engineAState: "unknown", engineBState: "unknown" });
    expect(body.data[0].lastSubmittedAt).toEqual(expect.any(String));

    // The failed batch's URLs wait to be sent again, and were never delivered.
    const retry = await getUrls(victim, failed);
    expect(retry.body.meta?.total).toBe(5);
    expect(retry.body.data.every((u: { outcome: string; queued: boolean; lastSubmittedAt: string | null }) =>
      u.outcome === "error" && u.queued && u.lastSubmittedAt === null)).toBe(true);
  });

  it("says so when the URL detail is gone (after 90 days) and when a URL is no longer tracked", async () => {
    const t = await keyedProject(alice);
    await addUrls(t, 2);
    fake.reply({ status: 200 });
    await submit(t, fake.url, steppingClock());
    const [batch] = await submissionsOf(t);
    await db.trackedUrl.deleteMany({ where: { projectId: t.projectId, url: { endsWith: "p000001" } } });
    const urls = await getUrls(t, batch.id);
    expect(urls.body.data.map((u: { tracked: boolean; engineAState: string | null }) => [u.tracked, u.engineAState])).toEqual([[true, "unknown"], [false, null]]);

    await db.submissionUrl.deleteMany({ where: { submissionId: batch.id } });
    expect((await getOne(t, batch.id)).body.data).toMatchObject({ urlsListed: 0, urlCount: 2 });
    expect((await getUrls(t, batch.id)).body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("answers 404 for another organization's batch (either organization in the path), an unknown or malformed id, another project's batch", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "organization:read"]);
    for (const headers of [bearer(mallory.sessionToken), apiKeyHeader(key)]) {
      for (const orgId of [victim.orgId, mallory.organizationId]) {
        for (const res of [await getOne({ orgId, projectId: victim.projectId, headers }, accepted), await getUrls({ orgId, projectId: victim.projectId, headers }, accepted)]) {
          expect(res.res.status).toBe(404);
          expect(res.body.code).toBe("NOT_FOUND");
        }
      }
    }
    const sibling = await keyedProject(alice);
    for (const id of [crypto.randomUUID(), "not-a-uuid", "%00"]) expect((await getOne(victim, id)).res.status).toBe(404);
    expect((await getOne(sibling, accepted)).res.status).toBe(404);
    expect((await getUrls(sibling, accepted)).res.status).toBe(404);
  });

  it("needs projects:read (403), credentials (401), and refuses bad pages (400)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    expect((await getUrls({ ...victim, headers: apiKeyHeader(key) }, accepted)).res.status).toBe(403);
    expect((await getOne({ ...victim, headers: {} }, accepted)).res.status).toBe(401);
    for (const q of ["?limit=101", "?offset=-1", "?limit=x"]) expect((await getUrls(victim, accepted, q)).res.status).toBe(400);
  });
});

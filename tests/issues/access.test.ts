import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { detectUrls, getIssue, groupOf, listIssues, listIssueUrls, patchIssue, projectFor, trackUrls, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
let victim: Target;
let issueId: string;

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("issues-alice"), createTestUser("issues-mallory")]);
  victim = await projectFor(alice);
  await detectUrls(victim, "broken_link", await trackUrls(victim, 2));
  issueId = (await groupOf(victim, "broken_link")).id;
});

type Caller = Pick<Target, "organizationId" | "projectId" | "headers">;
const everyRoute = (c: Caller, id = issueId) => [
  ["GET issues", () => listIssues(c)],
  ["GET issues/{issueId}", () => getIssue(c, id)],
  ["PATCH issues/{issueId}", () => patchIssue(c, id, { status: "ignored" })],
  ["GET issues/{issueId}/urls", () => listIssueUrls(c, id)],
] as const;

async function expectStatus(c: Caller, status: number, code: string, id = issueId) {
  for (const [name, run] of everyRoute(c, id)) {
    const { res, body } = await run();
    expect(res.status, name).toBe(status);
    expect(body.code, name).toBe(code);
  }
  expect((await groupOf(victim, "broken_link")).status).toBe("open");
}

describe("issues: tenant isolation", () => {
  it("organization B's session gets 404 with organization A's ids", async () => {
    await expectStatus({ ...victim, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's session gets 404 for A's project under B's own organization", async () => {
    await expectStatus({ organizationId: mallory.organizationId, projectId: victim.projectId, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's API key gets 404 with A's ids, either organization in the path", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    await expectStatus({ ...victim, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
    await expectStatus({ organizationId: mallory.organizationId, projectId: victim.projectId, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
  });

  it("A's issue id under B's own project answers 404", async () => {
    const own = await projectFor(mallory);
    for (const [name, run] of everyRoute(own).slice(1)) expect((await run()).res.status, name).toBe(404);
  });

  it("an issue of another project of the same organization answers 404", async () => {
    const sibling = await projectFor(alice);
    for (const [name, run] of everyRoute(sibling).slice(1)) expect((await run()).res.status, name).toBe(404);
  });

  it("unknown and malformed ids answer 404; no credentials 401", async () => {
    await expectStatus({ ...victim, projectId: crypto.randomUUID() }, 404, "NOT_FOUND");
    for (const [name, run] of everyRoute(victim, crypto.randomUUID()).slice(1)) expect((await run()).res.status, name).toBe(404);
    for (const [name, run] of everyRoute(victim, "not-a-uuid").slice(1)) expect((await run()).res.status, name).toBe(404);
    await expectStatus({ ...victim, headers: {} }, 401, "UNAUTHORIZED");
  });
});

describe("issues: scopes", () => {
  it("a projects:read key reads but cannot PATCH (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const c = { ...victim, headers: apiKeyHeader(key) };
    expect((await listIssues(c)).res.status).toBe(200);
    expect((await getIssue(c, issueId)).res.status).toBe(200);
    expect((await listIssueUrls(c, issueId)).res.status).toBe(200);
    const { res, body } = await patchIssue(c, issueId, { status: "resolved" });
    expect(res.status).toBe(403);
    expect(body.code).toBe("FORBIDDEN");
    expect((await groupOf(victim, "broken_link")).status).toBe("open");
  });

  it("a key without organization:read is refused everywhere (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "projects:write"]);
    await expectStatus({ ...victim, headers: apiKeyHeader(key) }, 403, "FORBIDDEN");
  });

  it("a projects:write key can PATCH but not read (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    const c = { ...victim, headers: apiKeyHeader(key) };
    expect((await listIssues(c)).res.status).toBe(403);
    const { res, body } = await patchIssue(c, issueId, { status: "ignored" });
    expect(res.status).toBe(200);
    expect(body.data.status).toBe("ignored");
    expect((await patchIssue({ ...victim }, issueId, { status: "open" })).res.status).toBe(200);
  });
});

import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { admit, getStats, getUrl, listUrls, projectFor, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
let victim: Target;
let victimUrlId: string;

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("urls-alice"), createTestUser("urls-mallory")]);
  victim = await projectFor(alice);
  await admit(victim, [`https://${victim.domain}/secret`]);
  victimUrlId = (await db.trackedUrl.findFirstOrThrow({ where: { projectId: victim.projectId } })).id;
});

type Caller = Omit<Target, "domain">;
const everyRoute = (c: Caller) => [
  ["GET urls", () => listUrls(c)],
  ["POST urls", () => admit(c, [`https://${victim.domain}/planted`])],
  ["GET urls/{urlId}", () => getUrl(c, victimUrlId)],
  ["GET stats", () => getStats(c)],
] as const;

async function expectStatus(c: Caller, status: number, code: string) {
  for (const [name, run] of everyRoute(c)) {
    const { res, body } = await run();
    expect(res.status, name).toBe(status);
    expect(body.code, name).toBe(code);
  }
}

describe("URLs and stats: tenant isolation", () => {
  it("organization B's session gets 404 with organization A's ids", async () => {
    await expectStatus({ ...victim, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's session gets 404 for A's project under B's own organization", async () => {
    await expectStatus({ orgId: mallory.organizationId, projectId: victim.projectId, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's API key gets 404 with A's ids, either organization in the path", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    await expectStatus({ ...victim, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
    await expectStatus({ orgId: mallory.organizationId, projectId: victim.projectId, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
  });

  it("organization B's own project does not reveal A's URL ids", async () => {
    const own = await projectFor(mallory);
    const { res } = await getUrl(own, victimUrlId);
    expect(res.status).toBe(404);
    expect(await db.trackedUrl.count({ where: { url: `https://${victim.domain}/planted` } })).toBe(0);
  });

  it("without credentials every route answers 401", async () => {
    await expectStatus({ ...victim, headers: {} }, 401, "UNAUTHORIZED");
  });

  it("an unknown project id answers 404", async () => {
    await expectStatus({ ...victim, projectId: crypto.randomUUID() }, 404, "NOT_FOUND");
  });
});

describe("URLs and stats: scopes", () => {
  it("a key with projects:read reads but cannot admit (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const c = { ...victim, headers: apiKeyHeader(key) };
    expect((await listUrls(c)).res.status).toBe(200);
    expect((await getUrl(c, victimUrlId)).res.status).toBe(200);
    expect((await getStats(c)).res.status).toBe(200);
    const { res, body } = await admit(c, [`https://${victim.domain}/new`]);
    expect(res.status).toBe(403);
    expect(body.code).toBe("FORBIDDEN");
    expect(await db.trackedUrl.count({ where: { projectId: victim.projectId } })).toBe(1);
  });

  it("a key with projects:read alone cannot admit (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read"]);
    const { res, body } = await admit({ ...victim, headers: apiKeyHeader(key) }, [`https://${victim.domain}/new`]);
    expect(res.status).toBe(403);
    expect(body.code).toBe("FORBIDDEN");
  });

  it("a key without organization:read is refused everywhere (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "projects:write"]);
    await expectStatus({ ...victim, headers: apiKeyHeader(key) }, 403, "FORBIDDEN");
  });

  it("a key with projects:write admits", async () => {
    const { key } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    const { res, body } = await admit({ ...victim, headers: apiKeyHeader(key) }, [`https://${victim.domain}/by-key`]);
    expect(res.status).toBe(200);
    expect(body.data.inserted).toBe(1);
  });
});

// Share links through the API: create (the URL once, only a hash stored), list, revoke (at once, idempotent),
// expiry bounds, the cap on active links, audit rows, hostile input and tenancy (another organization's project
// or link answers 404).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auditActionValue } from "@/lib/audit-log/actions";
import { db } from "@/lib/db";
import { hashShareToken } from "@/lib/share-links/internal";
import { MAX_ACTIVE_SHARE_LINKS } from "@/lib/share-links/schemas";
import { apiKeyHeader } from "../http";
import { createTestApiKey, createTestTenant, type TestTenant } from "../factories";
import { projectFor, type Target } from "../urls/helpers";
import { createLink, listLinks, revokeLink, tokenOf } from "./helpers";

let owner: TestTenant, attacker: TestTenant;
let t: Target, other: Target, theirs: Target;
beforeAll(async () => {
  owner = await createTestTenant("share-owner");
  attacker = await createTestTenant("share-attacker");
  t = await projectFor(owner);
  other = await projectFor(owner);
  theirs = await projectFor(attacker);
});

const DAY = 86_400_000;

describe("share links", () => {
  it("create one with its URL shown once, keeping only the token's SHA-256", async () => {
    const before = Date.now();
    const { res, body } = await createLink(t, { expiresInDays: 30 });
    expect(res.status).toBe(201);
    const link = body.data;
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ status: "active", viewCount: 0, lastViewedAt: null, revokedAt: null });
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const token = tokenOf(link.url);
    const row = await db.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.tokenHash).toBe(hashShareToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = (await listLinks(t)).body;
    expect(listed.meta).toMatchObject({ total: expect.any(Number), offset: 0 });
    const again = listed.data.find((l: { id: string }) => l.id === link.id);
    // The owner can copy an active link again: the token is kept sealed, never in plain text.
    expect(again).toMatchObject({ id: link.id, url: link.url, status: "active" });
    expect(row.tokenEnc).toBeTruthy();

    const audit = await db.auditLog.findMany({ where: { targetType: "share_link", targetId: link.id } });
    expect(audit.map((a) => [auditActionValue(a.action), (a.metadata as { change: string }).change])).toEqual([["settings.updated", "share_link_created"]]);
    expect(audit[0]).toMatchObject({ userId: owner.userId, organizationId: owner.organizationId });
  });

  it("accept 1 to 365 days and refuse anything else with 400", async () => {
    for (const days of [1, 365]) expect((await createLink(t, { expiresInDays: days })).res.status).toBe(201);
    const bad: unknown[] = [{ expiresInDays: 0 }, { expiresInDays: 366 }, { expiresInDays: "x" }, { expiresInDays: "30" }, { expiresInDays: 1.5 },
      { expiresInDays: -1 }, { expiresInDays: null }, { expiresInDays: true }, {}, { expiresInDays: 30, extra: 1 }, [], "30", { expiresInDays: 1e308 }];
    for (const json of bad) {
      const { res, body } = await createLink(t, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    const { body } = await createLink(t, { expiresInDays: 366 });
    expect(body.meta?.errors?.[0]).toMatchObject({ path: "expiresInDays" });
  });

  it("revoke at once and idempotently, with one audit row", async () => {
    const link = (await createLink(t)).body.data;
    const first = await revokeLink(t, link.id);
    expect(first.res.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: link.id, status: "revoked", url: null });
    const second = await revokeLink(t, link.id);
    expect(second.res.status).toBe(200);
    expect(second.body.data.revokedAt).toBe(first.body.data.revokedAt);
    const listed = (await listLinks(t)).body.data.find((l: { id: string }) => l.id === link.id);
    expect(listed).toMatchObject({ status: "revoked", url: null });
    const changes = (await db.auditLog.findMany({ where: { targetType: "share_link", targetId: link.id }, orderBy: { createdAt: "asc" } }))
      .map((a) => (a.metadata as { change: string }).change);
    expect(changes).toEqual(["share_link_created", "share_link_revoked"]);
  });

  it("say when a link has expired", async () => {
    const link = (await createLink(other, { expiresInDays: 1 })).body.data;
    await db.shareLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await listLinks(other)).body.data.find((l: { id: string }) => l.id === link.id).status).toBe("expired");
  });

  it(`allow at most ${MAX_ACTIVE_SHARE_LINKS} active links per project (409), revoked and expired ones not counted`, async () => {
    const capped = await projectFor(owner);
    const project = await db.project.findUniqueOrThrow({ where: { id: capped.projectId } });
    const row = (n: number, extra = {}) => ({
      organizationId: project.organizationId, projectId: project.id, tokenHash: crypto.randomBytes(32).toString("hex") + n, expiresAt: new Date(Date.now() + DAY), ...extra,
    });
    await db.shareLink.createMany({ data: [
      ...Array.from({ length: MAX_ACTIVE_SHARE_LINKS - 1 }, (_, i) => row(i)),
      row(900, { revokedAt: new Date() }), row(901, { expiresAt: new Date(Date.now() - 1000) }),
    ] });
    expect((await createLink(capped)).res.status).toBe(201);
    const refused = await createLink(capped);
    expect(refused.res.status).toBe(409);
    expect(refused.body.code).toBe("CONFLICT");
    const listed = await listLinks(capped, "?limit=5&offset=0");
    expect(listed.body.meta).toMatchObject({ total: MAX_ACTIVE_SHARE_LINKS + 2, limit: 5, hasMore: true });
  });

  it("count a burst of creations exactly: the free places are taken once, the rest 409", async () => {
    const burst = await projectFor(owner);
    const project = await db.project.findUniqueOrThrow({ where: { id: burst.projectId } });
    await db.shareLink.createMany({ data: Array.from({ length: MAX_ACTIVE_SHARE_LINKS - 3 }, (_, i) => ({
      organizationId: project.organizationId, projectId: project.id, tokenHash: crypto.randomBytes(32).toString("hex") + i, expiresAt: new Date(Date.now() + DAY),
    })) });
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => createLink(burst)))).map((r) => r.res.status);
    expect(statuses.sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await db.shareLink.count({ where: { projectId: project.id, revokedAt: null } })).toBe(MAX_ACTIVE_SHARE_LINKS);
  });

  it("answer 404 for another organization's project or link, a link of another project, or a malformed id", async () => {
    const mine = (await createLink(t)).body.data;
    const theirLink = (await createLink(theirs)).body.data;
    const asAttacker = { ...t, headers: theirs.headers };
    expect((await listLinks(asAttacker)).res.status).toBe(404);
    expect((await createLink(asAttacker)).res.status).toBe(404);
    expect((await revokeLink(asAttacker, mine.id)).res.status).toBe(404);
    expect((await revokeLink(t, theirLink.id)).res.status).toBe(404);
    expect((await revokeLink(other, mine.id)).res.status).toBe(404);
    expect((await revokeLink(t, "not-a-uuid")).res.status).toBe(404);
    expect((await revokeLink(t, crypto.randomUUID())).res.status).toBe(404);
    expect((await db.shareLink.findUniqueOrThrow({ where: { id: mine.id } })).revokedAt).toBeNull();
  });

  it("need projects:write to create or revoke; projects:read lists", async () => {
    const key = await createTestApiKey(owner, ["projects:read", "organization:read"]);
    const reader = { ...t, headers: apiKeyHeader(key.key) };
    expect((await listLinks(reader)).res.status).toBe(200);
    const refused = await createLink(reader);
    expect(refused.res.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ missingScopes: ["projects:write"] });
  });

  it("show live URLs only to callers who may create and revoke links: a read-only key sees each link's state, no address", async () => {
    const p = await projectFor(owner);
    const made = await createLink(p);
    expect(made.res.status).toBe(201);
    const { id } = made.body.data;
    const reader = { ...p, headers: apiKeyHeader((await createTestApiKey(owner, ["projects:read", "organization:read"])).key) };
    const writer = { ...p, headers: apiKeyHeader((await createTestApiKey(owner, ["projects:read", "projects:write", "organization:read"])).key) };
    const read = await listLinks(reader);
    expect(read.res.status).toBe(200);
    expect(read.body.data).toEqual([expect.objectContaining({ id, status: "active", url: null })]);
    expect(JSON.stringify(read.body)).not.toContain(tokenOf(made.body.data.url));
    for (const caller of [p, writer]) {
      expect((await listLinks(caller)).body.data).toEqual([expect.objectContaining({ id, status: "active", url: made.body.data.url })]);
    }
  });

  it("refuse NUL bytes and bad JSON without writing", async () => {
    const count = await db.shareLink.count({ where: { projectId: t.projectId } });
    expect((await createLink(t, { "expiresInDays\u0000": 30 })).res.status).toBe(400);
    expect((await listLinks(t, "?limit=5%00")).res.status).toBe(400);
    expect((await listLinks(t, "?limit=101")).res.status).toBe(400);
    expect(await db.shareLink.count({ where: { projectId: t.projectId } })).toBe(count);
  });
});

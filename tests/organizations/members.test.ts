// Organizations as teams through the real route handlers: create, rename, delete with grace; members with
// roles and activity; the last-owner rules under concurrency; API keys shrinking with their creator's role.
import { beforeAll, describe, expect, it } from "vitest";
import * as orgsRoute from "@/app/api/user/organizations/route";
import * as orgRoute from "@/app/api/user/organizations/[organizationId]/route";
import * as membersRoute from "@/app/api/user/organizations/[organizationId]/members/route";
import * as memberRoute from "@/app/api/user/organizations/[organizationId]/members/[userId]/route";
import * as leaveRoute from "@/app/api/user/organizations/[organizationId]/leave/route";
import * as transferRoute from "@/app/api/user/organizations/[organizationId]/transfer-ownership/route";
import * as projectsRoute from "@/app/api/user/organizations/[organizationId]/projects/route";
import * as meRoute from "@/app/api/user/me/route";
import * as deletedRoute from "@/app/api/user/organizations/deleted/route";
import * as restoreRoute from "@/app/api/user/organizations/deleted/[deletedOrganizationId]/restore/route";
import { purgeDeletedOrganizations } from "@/lib/organizations/purge-deleted-organizations";
import { db, type OrgRole } from "@/lib/db";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";

const U = "http://127.0.0.1:3000/api/user/organizations";
const as = (u: TestUser): Record<string, string> => bearer(u.sessionToken);

async function newOrg(owner: TestUser, name = "Client A") {
  const r = await call(orgsRoute.POST, { method: "POST", url: U, headers: as(owner), json: { name } });
  expect(r.res.status).toBe(201);
  return r.body.data as { id: string; name: string; role: OrgRole; permissions: string[]; memberCount: number };
}
const join = (organizationId: string, u: TestUser, role: OrgRole) => db.membership.create({ data: { organizationId, userId: u.userId, role } });
const members = (org: string, headers: Record<string, string>) => call(membersRoute.GET, { url: `${U}/${org}/members`, headers, params: { organizationId: org } });
const patchMember = (org: string, userId: string, role: unknown, headers: Record<string, string>) =>
  call(memberRoute.PATCH, { method: "PATCH", url: `${U}/${org}/members/${userId}`, headers, json: { role }, params: { organizationId: org, userId } });
const removeMember = (org: string, userId: string, headers: Record<string, string>) =>
  call(memberRoute.DELETE, { method: "DELETE", url: `${U}/${org}/members/${userId}`, headers, params: { organizationId: org, userId } });
const leave = (org: string, headers: Record<string, string>) => call(leaveRoute.POST, { method: "POST", url: `${U}/${org}/leave`, headers, params: { organizationId: org } });
const transfer = (org: string, userId: unknown, headers: Record<string, string>) =>
  call(transferRoute.POST, { method: "POST", url: `${U}/${org}/transfer-ownership`, headers, json: { userId }, params: { organizationId: org } });
const getOrg = (org: string, headers: Record<string, string>) => call(orgRoute.GET, { url: `${U}/${org}`, headers, params: { organizationId: org } });
const listProjects = (org: string, headers: Record<string, string>) => call(projectsRoute.GET, { url: `${U}/${org}/projects`, headers, params: { organizationId: org } });

let owner: TestUser, admin: TestUser, member: TestUser, outsider: TestUser;
beforeAll(async () => {
  [owner, admin, member, outsider] = await Promise.all(["org-owner", "org-admin", "org-member", "org-outsider"].map((t) => createTestUser(t)));
});

describe("organizations", () => {
  it("creates one with the caller as owner, reads, renames (owner only) and lists it", async () => {
    const org = await newOrg(owner, "  Client  B ");
    expect(org).toMatchObject({ name: "Client  B", role: "owner", memberCount: 1, creditBalance: 0 });
    expect(org.permissions).toContain("organization.delete");
    await join(org.id, admin, "admin");
    expect((await getOrg(org.id, as(admin))).body.data).toMatchObject({ role: "admin", memberCount: 2 });
    const renamedByAdmin = await call(orgRoute.PATCH, { method: "PATCH", url: `${U}/${org.id}`, headers: as(admin), json: { name: "Nope" }, params: { organizationId: org.id } });
    expect(renamedByAdmin.res.status).toBe(403);
    expect(renamedByAdmin.body.meta).toMatchObject({ missingPermission: "organization.update" });
    const renamed = await call(orgRoute.PATCH, { method: "PATCH", url: `${U}/${org.id}`, headers: as(owner), json: { name: "Client B GmbH" }, params: { organizationId: org.id } });
    expect(renamed.body.data.name).toBe("Client B GmbH");
    const list = await call(orgsRoute.GET, { url: U, headers: as(owner) });
    expect(list.body.data.map((o: { id: string }) => o.id)).toContain(org.id);
    expect(await db.auditLog.count({ where: { organizationId: org.id, action: { in: ["organization_created", "organization_updated"] } } })).toBe(2);
  });

  it("refuses bad names and other organizations' ids", async () => {
    for (const json of [{}, { name: "" }, { name: "   " }, { name: "x".repeat(101) }, { name: 42 }, { name: "a\u0007b" }, { name: "ok", extra: 1 }]) {
      expect((await call(orgsRoute.POST, { method: "POST", url: U, headers: as(owner), json })).res.status).toBe(400);
    }
    const org = await newOrg(owner);
    expect((await getOrg(org.id, as(outsider))).res.status).toBe(404);
    expect((await members(org.id, as(outsider))).res.status).toBe(404);
    expect((await leave(org.id, as(outsider))).res.status).toBe(404);
    expect((await call(orgRoute.DELETE, { method: "DELETE", url: `${U}/${org.id}`, headers: as(outsider), params: { organizationId: org.id } })).res.status).toBe(404);
  });

  it("deletes (owner only): gone for members at once, keys stop, purge date in 30 days; a personal organization cannot be deleted on its own", async () => {
    const org = await newOrg(owner);
    await join(org.id, member, "member");
    const key = await createTestApiKey(member, ["projects:read", "organization:read"], { organizationId: org.id });
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(200);
    const byMember = await call(orgRoute.DELETE, { method: "DELETE", url: `${U}/${org.id}`, headers: as(member), params: { organizationId: org.id } });
    expect(byMember.res.status).toBe(403);
    const r = await call(orgRoute.DELETE, { method: "DELETE", url: `${U}/${org.id}`, headers: as(owner), params: { organizationId: org.id } });
    expect(r.res.status).toBe(200);
    expect(new Date(r.body.data.purgeAfter).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await getOrg(org.id, as(owner))).res.status).toBe(404);
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(401);
    const personal = await call(orgRoute.DELETE, { method: "DELETE", url: `${U}/${owner.organizationId}`, headers: as(owner), params: { organizationId: owner.organizationId } });
    expect(personal.res.status).toBe(409);
  });

  it("restores within the grace (owner only, as it was), and not past the purge date or for anyone else", async () => {
    const org = await newOrg(owner, "Client R");
    await join(org.id, member, "member");
    const key = await createTestApiKey(owner, ["projects:read", "organization:read", "organization:write"], { organizationId: org.id });
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(200);
    const del = (o: string) => call(orgRoute.DELETE, { method: "DELETE", url: `${U}/${o}`, headers: as(owner), params: { organizationId: o } });
    const deleted = (headers: Record<string, string>) => call(deletedRoute.GET, { url: `${U}/deleted`, headers });
    const restore = (id: unknown, headers: Record<string, string>) =>
      call(restoreRoute.POST, { method: "POST", url: `${U}/deleted/${id}/restore`, headers, params: { deletedOrganizationId: String(id) } });

    expect((await restore(org.id, as(owner))).res.status).toBe(404); // not deleted
    expect((await del(org.id)).res.status).toBe(200);
    const listed = (await deleted(as(owner))).body.data.find((o: { id: string }) => o.id === org.id);
    expect(listed).toMatchObject({ name: "Client R", memberCount: 2, projectCount: 0 });
    expect(new Date(listed.purgeAfter).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await deleted(as(member))).body.data.map((o: { id: string }) => o.id)).not.toContain(org.id);
    expect((await deleted(as(outsider))).body.data.map((o: { id: string }) => o.id)).not.toContain(org.id);

    const byMember = await restore(org.id, as(member));
    expect(byMember.res.status).toBe(403);
    expect(byMember.body.meta).toMatchObject({ missingPermission: "organization.delete" });
    expect((await restore(org.id, as(outsider))).res.status).toBe(404);
    expect((await restore(org.id, apiKeyHeader(key.key))).res.status).toBe(401); // the deleted organization's key is dead
    for (const bad of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "a\u0000b"]) expect((await restore(bad, as(owner))).res.status).toBe(404);

    const r = await restore(org.id, as(owner));
    expect(r.res.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: org.id, name: "Client R", role: "owner", memberCount: 2 });
    expect((await getOrg(org.id, as(member))).res.status).toBe(200);
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(200); // keys work again
    expect((await restore(org.id, as(owner))).res.status).toBe(404); // once
    expect(await db.auditLog.count({ where: { organizationId: org.id, action: "organization_updated", metadata: { path: ["restored"], equals: true } } })).toBe(1);

    // Past the purge date it is gone for good, even before the purge job runs.
    expect((await del(org.id)).res.status).toBe(200);
    await db.organization.update({ where: { id: org.id }, data: { deletionScheduledFor: new Date(Date.now() - 1000) } });
    expect((await deleted(as(owner))).body.data.map((o: { id: string }) => o.id)).not.toContain(org.id);
    expect((await restore(org.id, as(owner))).res.status).toBe(404);
    expect(await purgeDeletedOrganizations()).toBeGreaterThanOrEqual(1);
    expect(await db.organization.findUnique({ where: { id: org.id } })).toBeNull();
  });
});

describe("members", () => {
  it("lists members owners first with role and last activity (written by their requests)", async () => {
    const org = await newOrg(owner);
    await join(org.id, member, "member");
    await join(org.id, admin, "admin");
    await listProjects(org.id, as(member));
    const r = await members(org.id, as(member));
    expect(r.body.data.map((m: { role: string }) => m.role)).toEqual(["owner", "admin", "member"]);
    expect(r.body.meta).toMatchObject({ total: 3 });
    const me = r.body.data.find((m: { userId: string }) => m.userId === member.userId);
    expect(Date.now() - new Date(me.lastActiveAt).getTime()).toBeLessThan(60_000);
    expect(r.body.data.find((m: { userId: string }) => m.userId === admin.userId).lastActiveAt).toBeNull();
  });

  it("owners and admins change roles; only owners touch owners; members change nothing", async () => {
    const org = await newOrg(owner);
    await join(org.id, admin, "admin");
    await join(org.id, member, "member");
    const other = await createTestUser("org-other");
    await join(org.id, other, "member");

    expect((await patchMember(org.id, other.userId, "admin", as(member))).res.status).toBe(403);
    expect((await patchMember(org.id, other.userId, "admin", as(admin))).body.data).toMatchObject({ userId: other.userId, role: "admin" });
    const adminToOwner = await patchMember(org.id, other.userId, "owner", as(admin));
    expect(adminToOwner.res.status).toBe(403);
    expect((await patchMember(org.id, owner.userId, "member", as(admin))).res.status).toBe(403);
    expect((await removeMember(org.id, owner.userId, as(admin))).res.status).toBe(403);
    expect((await patchMember(org.id, other.userId, "owner", as(owner))).body.data.role).toBe("owner");
    expect((await patchMember(org.id, other.userId, "superuser", as(owner))).res.status).toBe(400);
    expect((await patchMember(org.id, outsider.userId, "member", as(owner))).res.status).toBe(404);
    // The one whose role changed is told.
    expect(await db.notification.count({ where: { userId: other.userId, type: "member_role_changed" } })).toBe(2);
    expect(await db.auditLog.count({ where: { organizationId: org.id, action: "member_role_changed" } })).toBe(2);
  });

  it("keeps at least one owner: the last one cannot be demoted, removed or leave, even when two owners race to leave", async () => {
    const org = await newOrg(owner);
    await join(org.id, admin, "admin");
    for (const r of [await patchMember(org.id, owner.userId, "admin", as(owner)), await removeMember(org.id, owner.userId, as(owner)), await leave(org.id, as(owner))]) {
      expect(r.res.status).toBe(409);
      expect(r.body.code).toBe("LAST_OWNER");
    }
    const second = await createTestUser("org-second-owner");
    await join(org.id, second, "owner");
    const both = await Promise.all([leave(org.id, as(owner)), leave(org.id, as(second))]);
    expect(both.map((r) => r.res.status).sort()).toEqual([200, 409]);
    expect(await db.membership.count({ where: { organizationId: org.id, role: "owner" } })).toBe(1);
  });

  it("removes a member (told; their keys for it stop at once) and lets a member leave", async () => {
    const org = await newOrg(owner);
    await join(org.id, member, "member");
    const key = await createTestApiKey(member, ["projects:read", "organization:read", "user:read"], { organizationId: org.id });
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(200);
    expect((await removeMember(org.id, member.userId, as(owner))).body.data).toEqual({ userId: member.userId, removed: true });
    expect((await listProjects(org.id, apiKeyHeader(key.key))).res.status).toBe(401);
    expect((await call(meRoute.GET, { url: "http://127.0.0.1:3000/api/user/me", headers: apiKeyHeader(key.key) })).res.status).toBe(401);
    expect((await listProjects(org.id, as(member))).res.status).toBe(404);
    expect(await db.notification.count({ where: { userId: member.userId, type: "member_removed" } })).toBeGreaterThanOrEqual(1);

    await join(org.id, member, "member");
    expect((await leave(org.id, as(member))).body.data).toEqual({ organizationId: org.id, left: true });
    expect((await members(org.id, as(owner))).body.meta!.total).toBe(1);
  });

  it("transfers ownership to a member; the old owner stays as admin", async () => {
    const org = await newOrg(owner);
    await join(org.id, member, "member");
    expect((await transfer(org.id, member.userId, as(member))).res.status).toBe(403);
    expect((await transfer(org.id, outsider.userId, as(owner))).res.status).toBe(404);
    expect((await transfer(org.id, "not-a-uuid", as(owner))).res.status).toBe(400);
    const r = await transfer(org.id, member.userId, as(owner));
    expect(r.body.data).toMatchObject({ userId: member.userId, role: "owner", previousOwnerRole: "admin" });
    expect((await getOrg(org.id, as(owner))).body.data.role).toBe("admin");
    expect((await getOrg(org.id, as(member))).body.data.role).toBe("owner");
  });

  it("shrinks an API key's rights with its creator's role: scopes ∩ role", async () => {
    const org = await newOrg(owner);
    await join(org.id, admin, "admin");
    const key = await createTestApiKey(admin, ["organization:read", "organization:write"], { organizationId: org.id });
    const other = await createTestUser("org-key-target");
    await join(org.id, other, "member");
    expect((await patchMember(org.id, other.userId, "admin", apiKeyHeader(key.key))).res.status).toBe(200);
    await patchMember(org.id, admin.userId, "member", as(owner));
    const after = await patchMember(org.id, other.userId, "member", apiKeyHeader(key.key));
    expect(after.res.status).toBe(403);
    expect(after.body.meta).toMatchObject({ missingPermission: "members.manage", role: "member" });
    // A key without organization:write never manages, whatever the role.
    const readOnly = await createTestApiKey(owner, ["organization:read"], { organizationId: org.id });
    expect((await patchMember(org.id, other.userId, "member", apiKeyHeader(readOnly.key))).body.meta).toMatchObject({ missingScopes: ["organization:write"] });
  });
});

// The sharing organization's branding on its share pages: the display name and accent colour the header shows, and
// the logo at /share/{token}/logo (served by the route itself, no view counted); nothing for a token that opens
// nothing, and never a personal organization's name.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as logoRoute from "@/app/share/[token]/logo/route";
import * as brandingRoute from "@/app/api/user/organizations/[organizationId]/branding/route";
import * as orgLogoRoute from "@/app/api/user/organizations/[organizationId]/branding/logo/route";
import { db } from "@/lib/db";
import { resolveShareToken } from "@/lib/share-links/resolve-share-link";
import { sharedBranding } from "@/lib/share-links/shared-branding";
import { createTestUser, type TestUser } from "../factories";
import { bearer, call } from "../http";
import { makePng } from "../images";
import { createLink, revokeLink, tokenOf } from "./helpers";

const U = "http://127.0.0.1:3000/api/user/organizations";
let owner: TestUser;
let org: string;
let project: string;
const api = () => ({ orgId: org, projectId: project, headers: bearer(owner.sessionToken) });
const logoOf = (token: string) => logoRoute.GET(new Request(`http://127.0.0.1:3000/share/${token}/logo`), { params: Promise.resolve({ token }) });

beforeAll(async () => {
  owner = await createTestUser("share-brand");
  org = (await db.organization.create({ data: { name: "Northwind SEO", slug: crypto.randomUUID(), memberships: { create: { userId: owner.userId, role: "owner" } } } })).id;
  const domain = `brand-${crypto.randomUUID().slice(0, 8)}.example`;
  project = (await db.project.create({ data: { organizationId: org, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml` } })).id;
});

describe("share pages' branding", () => {
  it("shows the organization's name and the default colour, and no logo, until branding is set", async () => {
    const token = tokenOf((await createLink(api())).body.data.url);
    expect(await sharedBranding((await resolveShareToken(token))!)).toEqual({ name: "Northwind SEO", accentColor: "#1d4ed8", hasLogo: false });
    expect((await logoOf(token)).status).toBe(404);
  });

  it("shows the display name, accent colour and logo an admin set, and stops serving the logo once the link is revoked", async () => {
    const headers = bearer(owner.sessionToken);
    await call(brandingRoute.PUT, { method: "PUT", url: `${U}/${org}/branding`, headers, json: { displayName: "Northwind Digital", accentColor: "#0F766E" }, params: { organizationId: org } });
    const png = makePng(90, 30);
    const up = await call(orgLogoRoute.PUT, { method: "PUT", url: `${U}/${org}/branding/logo`, headers: { ...headers, "content-type": "image/png" }, rawBody: png, params: { organizationId: org } });
    expect(up.res.status).toBe(200);
    const link = (await createLink(api())).body.data;
    const token = tokenOf(link.url);
    expect(await sharedBranding((await resolveShareToken(token))!)).toEqual({ name: "Northwind Digital", accentColor: "#0f766e", hasLogo: true });
    const res = await logoOf(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await db.shareLink.findUniqueOrThrow({ where: { id: link.id } })).viewCount).toBe(0);
    await revokeLink(api(), link.id);
    expect((await logoOf(token)).status).toBe(404);
    expect((await logoOf("not-a-token")).status).toBe(404);
  });

  it("never names a personal organization, even with a logo", async () => {
    const solo = await createTestUser("share-solo");
    const domain = `solo-${crypto.randomUUID().slice(0, 8)}.example`;
    const p = await db.project.create({ data: { organizationId: solo.organizationId, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml` } });
    const token = tokenOf((await createLink({ orgId: solo.organizationId, projectId: p.id, headers: bearer(solo.sessionToken) })).body.data.url);
    expect((await sharedBranding((await resolveShareToken(token))!)).name).toBeNull();
  });
});

// Organization branding through the real route handlers: the display name and accent colour, the logo upload (PNG or
// JPEG only, size and dimensions checked, SVG and other files refused), who may change it, and other organizations.
import { beforeAll, describe, expect, it } from "vitest";
import * as brandingRoute from "@/app/api/user/organizations/[organizationId]/branding/route";
import * as logoRoute from "@/app/api/user/organizations/[organizationId]/branding/logo/route";
import { db } from "@/lib/db";
import { brandingOf } from "@/lib/organizations/branding";
import { bearer, call } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { jpegHead, makePng } from "../images";

const U = "http://127.0.0.1:3000/api/user/organizations";
const as = (u: TestUser) => bearer(u.sessionToken);
const put = (org: string, json: unknown, who: TestUser) =>
  call(brandingRoute.PUT, { method: "PUT", url: `${U}/${org}/branding`, headers: as(who), json, params: { organizationId: org } });
const get = (org: string, who: TestUser) => call(brandingRoute.GET, { url: `${U}/${org}/branding`, headers: as(who), params: { organizationId: org } });
const upload = (org: string, bytes: Uint8Array | string, who: TestUser, type = "image/png") =>
  call(logoRoute.PUT, { method: "PUT", url: `${U}/${org}/branding/logo`, headers: { ...as(who), "content-type": type }, rawBody: bytes, params: { organizationId: org } });
const removeLogo = (org: string, who: TestUser) => call(logoRoute.DELETE, { method: "DELETE", url: `${U}/${org}/branding/logo`, headers: as(who), params: { organizationId: org } });
const getLogo = (org: string, who: TestUser) =>
  logoRoute.GET(new Request(`${U}/${org}/branding/logo`, { headers: as(who) }), { params: Promise.resolve({ organizationId: org }) });

let owner: TestUser, admin: TestUser, member: TestUser, outsider: TestUser;
let org: string;
beforeAll(async () => {
  [owner, admin, member, outsider] = await Promise.all(["brand-owner", "brand-admin", "brand-member", "brand-outsider"].map((t) => createTestUser(t)));
  const o = await db.organization.create({ data: { name: "Northwind Agency", slug: `northwind-${Date.now()}` } });
  org = o.id;
  await db.membership.createMany({ data: [{ organizationId: org, userId: owner.userId, role: "owner" }, { organizationId: org, userId: admin.userId, role: "admin" }, { organizationId: org, userId: member.userId, role: "member" }] });
});

describe("organization branding", () => {
  it("starts with the organization's name and no colour or logo; an admin sets the display name and colour", async () => {
    expect((await get(org, member)).body.data).toEqual({ displayName: null, accentColor: null, logo: null, shownName: "Northwind Agency" });
    const r = await put(org, { displayName: "  Northwind Digital ", accentColor: "#0F766E" }, admin);
    expect(r.res.status).toBe(200);
    expect(r.body.data).toEqual({ displayName: "Northwind Digital", accentColor: "#0f766e", logo: null, shownName: "Northwind Digital" });
    expect(await brandingOf(org)).toEqual({ name: "Northwind Digital", accentColor: "#0f766e", hasLogo: false, logo: null });
    const cleared = await put(org, { displayName: null, accentColor: null }, owner);
    expect(cleared.body.data).toMatchObject({ displayName: null, accentColor: null, shownName: "Northwind Agency" });
    await put(org, { displayName: "Northwind Digital", accentColor: "#0f766e" }, owner);
  });

  it("refuses a colour that is not #rrggbb, control characters and NUL bytes with 400, and unknown fields", async () => {
    for (const accentColor of ["red;}", "red", "#12345", "#1234567", "#12345g", "#fff;background:url(x)", "#0f766e\u0000"]) {
      const r = await put(org, { displayName: null, accentColor }, owner);
      expect(r.res.status, accentColor).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    for (const displayName of ["a\u0000b", "tab\there", "x".repeat(101), "   "]) {
      const r = await put(org, { displayName, accentColor: null }, owner);
      expect(r.res.status, JSON.stringify(displayName)).toBe(400);
    }
    expect((await put(org, { displayName: null, accentColor: null, logoUrl: "https://x.test/a.png" }, owner)).res.status).toBe(400);
    expect((await get(org, owner)).body.data).toMatchObject({ displayName: "Northwind Digital", accentColor: "#0f766e" });
  });

  it("stores a PNG logo with its size, serves it back, and removes it", async () => {
    const png = makePng(120, 40);
    const r = await upload(org, png, admin);
    expect(r.res.status).toBe(200);
    expect(r.body.data.logo).toMatchObject({ mimeType: "image/png", width: 120, height: 40, bytes: png.byteLength });
    const file = await getLogo(org, member);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect((await brandingOf(org)).logo).toMatchObject({ mimeType: "image/png", width: 120, height: 40 });

    // A JPEG is read from its bytes, whatever the request claims.
    const jpeg = await upload(org, jpegHead(300, 100), owner, "application/octet-stream");
    expect(jpeg.body.data.logo).toMatchObject({ mimeType: "image/jpeg", width: 300, height: 100 });

    const removed = await removeLogo(org, admin);
    expect(removed.body.data.logo).toBeNull();
    expect((await getLogo(org, owner)).status).toBe(404);
    expect((await removeLogo(org, admin)).res.status).toBe(200);
  });

  it("refuses an SVG, a file that is not an image, an empty body, odd dimensions (400) and a file over 256 KB (413)", async () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const cases: [string, Uint8Array | string, string, string][] = [
      ["svg", svg, "image/svg+xml", "svg_not_allowed"],
      ["svg as png", `  <svg xmlns="http://www.w3.org/2000/svg"></svg>`, "image/png", "svg_not_allowed"],
      ["html", "<html><script>alert(1)</script></html>", "image/png", "not_an_image"],
      ["nul bytes", new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "image/png", "not_an_image"],
      ["truncated png", makePng(64, 64).subarray(0, 20), "image/png", "not_an_image"],
      ["empty", new Uint8Array(), "image/png", "required"],
      ["tiny", makePng(8, 8), "image/png", "bad_dimensions"],
      ["huge dimensions", jpegHead(20_000, 100), "image/jpeg", "bad_dimensions"],
    ];
    for (const [name, body, type, code] of cases) {
      const r = await upload(org, body, owner, type);
      expect(r.res.status, name).toBe(400);
      expect(r.body.code, name).toBe("VALIDATION_ERROR");
      expect(r.body.meta?.errors?.[0]?.code, name).toBe(code);
    }
    const big = Buffer.concat([makePng(64, 64), Buffer.alloc(300 * 1024)]);
    const tooBig = await upload(org, big, owner);
    expect(tooBig.res.status).toBe(413);
    expect(tooBig.body.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await get(org, owner)).body.data.logo).toBeNull();
  });

  it("lets members read but not change it (403 branding.manage), and answers 404 for another organization", async () => {
    const denied = await put(org, { displayName: "Hijacked", accentColor: null }, member);
    expect(denied.res.status).toBe(403);
    expect(denied.body.meta).toMatchObject({ missingPermission: "branding.manage" });
    expect((await upload(org, makePng(64, 64), member)).res.status).toBe(403);
    expect((await removeLogo(org, member)).res.status).toBe(403);
    for (const r of [await get(org, outsider), await put(org, { displayName: "x", accentColor: null }, outsider), await upload(org, makePng(64, 64), outsider), await removeLogo(org, outsider)]) {
      expect(r.res.status).toBe(404);
    }
    expect((await getLogo(org, outsider)).status).toBe(404);
    expect((await get(org, owner)).body.data.displayName).toBe("Northwind Digital");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSites } from "@/lib/engines/gsc/list-sites";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { CLOSED, setEnvForSuite } from "./helpers";

let fake: FakeGsc;
beforeAll(async () => {
  fake = await startFakeGsc({
    users: [
      { email: "many@example.test", sites: [
        { siteUrl: "sc-domain:example.com", permissionLevel: "siteOwner" },
        { siteUrl: "https://www.example.com/", permissionLevel: "siteFullUser" },
        { siteUrl: "https://shop.example.com/", permissionLevel: "siteRestrictedUser" },
        { siteUrl: "http://example.org/", permissionLevel: "siteUnverifiedUser" },
      ] },
      { email: "none@example.test", sites: [] },
    ],
  });
});
afterAll(() => fake.close());
setEnvForSuite(() => fake.env());

describe("gsc site list", () => {
  it("lists every property with its permission level; unverified ones cannot be used", async () => {
    const out = await listSites({ accessToken: fake.issueTokens("many@example.test").accessToken });
    expect(out).toEqual({ kind: "ok", value: { sites: [
      { siteUrl: "sc-domain:example.com", permissionLevel: "siteOwner", verified: true },
      { siteUrl: "https://www.example.com/", permissionLevel: "siteFullUser", verified: true },
      { siteUrl: "https://shop.example.com/", permissionLevel: "siteRestrictedUser", verified: true },
      { siteUrl: "http://example.org/", permissionLevel: "siteUnverifiedUser", verified: false },
    ] } });
  });

  it("answers an empty list when siteEntry is absent", async () => {
    const accessToken = fake.issueTokens("none@example.test").accessToken;
    const raw = await fetch(`${fake.apiBaseUrl}/webmasters/v3/sites`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await raw.json()).toEqual({});
    expect(await listSites({ accessToken })).toEqual({ kind: "ok", value: { sites: [] } });
  });

  it("keeps an unknown permission level, unusable", async () => {
    fake.addUser("odd@example.test", [{ siteUrl: "sc-domain:odd.example", permissionLevel: "siteSomethingNew" }]);
    const out = await listSites({ accessToken: fake.issueTokens("odd@example.test").accessToken });
    expect(out).toMatchObject({ kind: "ok", value: { sites: [{ siteUrl: "sc-domain:odd.example", verified: false }] } });
  });

  it("works with a base URL that ends in a slash", async () => {
    process.env.GSC_API_BASE_URL = `${fake.apiBaseUrl}/`;
    try {
      expect((await listSites({ accessToken: fake.issueTokens("many@example.test").accessToken })).kind).toBe("ok");
    } finally { process.env.GSC_API_BASE_URL = fake.apiBaseUrl; }
  });

  it("answers the documented 401 envelope for a bad, expired or revoked access token (transient: refresh first)", async () => {
    const raw = await fetch(`${fake.apiBaseUrl}/webmasters/v3/sites`, { headers: { authorization: "Bearer nope" } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED" } });
    expect(await listSites({ accessToken: "nope" })).toMatchObject({ kind: "transient", code: "unauthorized", status: 401 });

    const revoked = fake.issueTokens("many@example.test");
    fake.revoke(revoked.refreshToken);
    expect(await listSites({ accessToken: revoked.accessToken })).toMatchObject({ kind: "transient", code: "unauthorized" });
  });

  it("is forbidden (403 envelope) for a token without the webmaster scope", async () => {
    const { accessToken } = fake.issueTokens("many@example.test", ["openid"]);
    const out = await listSites({ accessToken });
    expect(out).toMatchObject({ kind: "invalid", code: "forbidden", status: 403 });
    if (out.kind === "invalid") expect(out.message).toContain("insufficient authentication scopes");
  });

  it("is transient for a 5xx, nonsense, or no answer — never a throw", async () => {
    const { accessToken } = fake.issueTokens("many@example.test");
    fake.failNext("sites", { status: 500, body: { error: { code: 500, message: "Internal error", status: "INTERNAL" } } },
      { status: 200, body: { siteEntry: "not a list" } }, { status: 200, body: "not json" }, { status: 302, body: "", headers: { location: "/x" } });
    expect(await listSites({ accessToken })).toMatchObject({ kind: "transient", code: "server_error", status: 500 });
    expect(await listSites({ accessToken })).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await listSites({ accessToken })).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await listSites({ accessToken })).toMatchObject({ kind: "transient", code: "unexpected_status", status: 302 });
    process.env.GSC_API_BASE_URL = CLOSED;
    try {
      expect(await listSites({ accessToken })).toMatchObject({ kind: "transient", code: "network" });
    } finally { process.env.GSC_API_BASE_URL = fake.apiBaseUrl; }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import * as urlIssuesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/issues/route";
import { call } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { detectUrls, patchIssue, projectFor, trackUrls, type Target } from "./helpers";

type Row = { trackedUrlId: string; url: string; resolvedAt: string | null; issue: { id: string; type: string; severity: string; status: string } };

const urlIssues = (t: Pick<Target, "organizationId" | "projectId" | "headers">, urlId: string) =>
  call<Row[]>(urlIssuesRoute.GET, {
    url: `http://127.0.0.1:3000/api/user/organizations/${t.organizationId}/projects/${t.projectId}/urls/${urlId}/issues`,
    headers: t.headers, params: { organizationId: t.organizationId, id: t.projectId, urlId },
  });

let user: TestUser;
let t: Target;
let urls: Awaited<ReturnType<typeof trackUrls>>;
beforeAll(async () => {
  user = await createTestUser("url-issues");
  t = await projectFor(user);
  urls = await trackUrls(t, 3);
  await detectUrls(t, "broken_link", urls.slice(0, 2));       // warning
  await detectUrls(t, "server_error", urls.slice(0, 1));      // critical
  await detectUrls(t, "discovered_not_indexed", urls.slice(0, 1)); // info
  await detectUrls(t, "has_noindex", urls.slice(0, 1));
  await detectUrls(t, "has_noindex", [], urls.slice(0, 1));   // cleared: no longer an open membership
});

describe("GET urls/{urlId}/issues", () => {
  it("lists the URL's open memberships with their groups, most severe first", async () => {
    const { res, body } = await urlIssues(t, urls[0].trackedUrlId);
    expect(res.status).toBe(200);
    expect(body.data.map((r) => [r.issue.type, r.issue.severity, r.issue.status])).toEqual([
      ["server_error", "critical", "open"], ["broken_link", "warning", "open"], ["discovered_not_indexed", "info", "open"],
    ]);
    for (const r of body.data) expect(r).toMatchObject({ trackedUrlId: urls[0].trackedUrlId, url: urls[0].url, resolvedAt: null });
  });

  it("answers an empty list for a URL without open memberships, and drops a resolved group's memberships", async () => {
    expect((await urlIssues(t, urls[2].trackedUrlId)).body.data).toEqual([]);
    const [broken] = (await urlIssues(t, urls[1].trackedUrlId)).body.data;
    expect(broken.issue.type).toBe("broken_link");
    expect((await patchIssue(t, broken.issue.id, { status: "resolved" })).res.status).toBe(200);
    expect((await urlIssues(t, urls[1].trackedUrlId)).body.data).toEqual([]);
  });

  it("answers 404 for another organization's URL and for an unknown URL", async () => {
    const attacker = await createTestUser("url-issues-attacker");
    const theirs = await projectFor(attacker);
    const foreign = await urlIssues({ ...theirs, projectId: t.projectId, organizationId: attacker.organizationId }, urls[0].trackedUrlId);
    expect(foreign.res.status).toBe(404);
    const crossOrg = await urlIssues({ ...t, headers: theirs.headers }, urls[0].trackedUrlId);
    expect(crossOrg.res.status).toBe(404);
    const unknown = await urlIssues(t, "00000000-0000-4000-8000-000000000000");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.code).toBe("NOT_FOUND");
  });
});

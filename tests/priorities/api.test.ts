// URL priority rules by path prefix: replace, the longest prefix wins, literal matching, URLs admitted later,
// validation (400, nothing written) and tenancy (404).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as prioritiesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/priorities/route";
import { call } from "../http";
import { createTestTenant, type TestTenant } from "../factories";
import { admit, projectFor, type Target } from "../urls/helpers";

let owner: TestTenant;
let t: Target;
beforeAll(async () => {
  owner = await createTestTenant("priorities");
  t = await projectFor(owner);
  await admit(t, ["/blog/a", "/blog/news/b", "/shop/x", "/about", "/100%_off"].map((p) => `https://${t.domain}${p}`));
});

const params = (x: Target) => ({ organizationId: x.orgId, id: x.projectId });
const url = (x: Target) => `http://127.0.0.1:3000/api/user/organizations/${x.orgId}/projects/${x.projectId}/priorities`;
const get = (x: Target = t, headers = t.headers) => call(prioritiesRoute.GET, { url: url(x), headers, params: params(x) });
const put = (json: unknown, x: Target = t, headers = t.headers) => call(prioritiesRoute.PUT, { method: "PUT", url: url(x), headers, json, params: params(x) });
const priorities = async () => Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: t.projectId }, select: { url: true, priority: true } }))
  .map((u) => [new URL(u.url).pathname, u.priority]));

describe("URL priority rules", () => {
  it("start empty, and a PUT gives every URL the priority of the longest prefix it starts with", async () => {
    expect((await get()).body.data).toEqual({ rules: [] });
    const { res, body } = await put({ rules: [{ pathPrefix: "/blog/", priority: "high" }, { pathPrefix: "/blog/news/", priority: "low" }, { pathPrefix: "/shop", priority: "normal" }] });
    expect(res.status).toBe(200);
    expect(body.data.rules.map((r: { pathPrefix: string }) => r.pathPrefix)).toEqual(["/blog/news/", "/blog/", "/shop"]);
    expect(await priorities()).toEqual({ "/blog/a": "high", "/blog/news/b": "low", "/shop/x": "normal", "/about": null, "/100%_off": null });
  });

  it("compare prefixes literally, follow URLs admitted later, and an empty list clears every priority", async () => {
    await put({ rules: [{ pathPrefix: "/100%_", priority: "high" }, { pathPrefix: "/1", priority: "low" }, { pathPrefix: "/a_out", priority: "high" }] });
    const p = await priorities();
    expect(p["/100%_off"]).toBe("high");
    expect(p["/about"]).toBeNull(); // "_" is not a wildcard
    await admit(t, [`https://${t.domain}/100%_new`, `https://${t.domain}/1x`]);
    expect(await priorities()).toMatchObject({ "/100%_new": "high", "/1x": "low" });
    await put({ rules: [] });
    expect(Object.values(await priorities()).every((v) => v === null)).toBe(true);
  });

  it("refuses bad rules with 400 and writes nothing", async () => {
    await put({ rules: [{ pathPrefix: "/keep", priority: "high" }] });
    const bad: unknown[] = [
      { rules: Array.from({ length: 101 }, (_, i) => ({ pathPrefix: `/p${i}`, priority: "low" })) },
      { rules: [{ pathPrefix: "blog", priority: "high" }] },
      { rules: [{ pathPrefix: "/a", priority: "urgent" }] },
      { rules: [{ pathPrefix: "/a", priority: "high" }, { pathPrefix: "/a", priority: "low" }] },
      { rules: [{ pathPrefix: "/a\u0000b", priority: "high" }] },
      { rules: [{ pathPrefix: `/${"x".repeat(600)}`, priority: "high" }] },
      { rules: [{ pathPrefix: "/a", priority: "high", extra: 1 }] },
      { rules: "all" }, {}, [],
    ];
    for (const json of bad) expect((await put(json)).res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    expect((await get()).body.data).toEqual({ rules: [{ pathPrefix: "/keep", priority: "high" }] });
  });

  it("answer 404 for another organization's project", async () => {
    const other = await projectFor(await createTestTenant("priorities-other"));
    expect((await get(t, other.headers)).res.status).toBe(404);
    expect((await put({ rules: [] }, t, other.headers)).res.status).toBe(404);
  });
});

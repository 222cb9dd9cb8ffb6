// The demo's robots.txt change (scripts/demo-robots-watch.ts, run by scripts/demo-seed.ts): two versions, the newer
// current for 14 minutes with its diff and an impact computed over the project's tracked URLs, the critical issue
// open; a second seed keeps what is there.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { seedRobotsWatch } from "@/scripts/demo-robots-watch";
import { DOMAIN } from "@/scripts/demo-world";
import { createTestProject, createTestTenant } from "../factories";

describe("demo: robots.txt change", () => {
  it("seeds a change that blocks tracked product and blog pages, once", async () => {
    const tenant = await createTestTenant("demo-robots");
    const project = await createTestProject(tenant, { domain: DOMAIN });
    await db.trackedUrl.createMany({
      data: [
        { path: "/products/tent-1", priority: "high" as const }, { path: "/blog/how-to-pitch", impressions28d: 420 }, { path: "/guides/x" },
      ].map(({ path, ...rest }) => ({ organizationId: tenant.organizationId, projectId: project.id, url: `https://${DOMAIN}${path}`, source: "manual" as const, ...rest })),
    });
    const ref = { organizationId: tenant.organizationId, projectId: project.id };
    expect(await seedRobotsWatch(ref)).toEqual({ seeded: true, importantBlocked: 2 });
    const versions = await db.robotsTxtVersion.findMany({ where: { projectId: project.id }, orderBy: { firstSeenAt: "asc" } });
    expect(versions).toHaveLength(2);
    expect(versions[1].diff).toContain("+Disallow: /products/");
    expect((versions[1].impact as { googlebot: { newlyBlocked: number } }).googlebot.newlyBlocked).toBe(2);
    expect(await db.siteWatch.findUnique({ where: { projectId: project.id } })).toMatchObject({ robotsCurrentVersionId: versions[1].id });
    expect(await db.issue.findFirst({ where: { projectId: project.id, type: "robots_txt_blocks_important" } })).toMatchObject({ status: "open" });
    expect(await seedRobotsWatch(ref)).toEqual({ seeded: false, importantBlocked: 0 });
    await db.siteWatch.update({ where: { projectId: project.id }, data: { robotsNextFetchAt: new Date(Date.now() + 86_400_000) } });
  });
});

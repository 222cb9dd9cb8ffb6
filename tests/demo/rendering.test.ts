// The demo's renders (scripts/demo-rendering.ts) without a browser: nothing is rendered, the seed says why, and the
// fixture pages' raw HTML is what the real renders compare against (e2e/renderer.spec.ts renders them in Chromium).
import { afterEach, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { extractFacts } from "@/lib/rendering/extract";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import { seedRendering } from "@/scripts/demo-rendering";
import { answer, DOMAIN, ORIGIN, RENDER_FIXTURES } from "@/scripts/demo-world";
import { createTestProject, createTestTenant } from "../factories";

afterEach(() => {
  delete process.env.RENDERER_DISABLED;
});

describe("demo: rendering", () => {
  it("without a browser renders nothing and says rendering is unavailable", async () => {
    process.env.RENDERER_DISABLED = "1";
    const tenant = await createTestTenant("demo-rendering");
    const project = await createTestProject(tenant, { domain: DOMAIN });
    const never = {} as SafeFetcher; // never called: no browser, nothing fetched
    expect(await seedRendering(systemCtx("test", tenant.organizationId), project.id, never)).toEqual({ available: false, reason: expect.stringContaining("RENDERER_DISABLED"), rendered: [], kept: false });
    expect(await db.urlRender.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.trackedUrl.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("the fixture pages: a raw page that allows indexing (its script adds noindex) and an empty shell (its script writes the text)", () => {
    const deal = answer(RENDER_FIXTURES.injectedNoindex);
    expect(deal.status).toBe(200);
    const dealFacts = extractFacts(deal.body, `${ORIGIN}${RENDER_FIXTURES.injectedNoindex}`);
    expect(dealFacts).toMatchObject({ noindex: false, h1: "Members-only deals" });
    expect(deal.body).toContain('m.content = "noindex"');
    const journal = answer(RENDER_FIXTURES.clientRendered);
    const shell = extractFacts(journal.body, `${ORIGIN}${RENDER_FIXTURES.clientRendered}`);
    expect(shell).toMatchObject({ h1: null, noindex: false });
    expect(shell.textLength).toBeLessThan(40);
    const data = JSON.parse(answer("/api/trail-journal.json").body) as { days: string[] };
    expect(data.days.join(" ").length).toBeGreaterThan(5 * shell.textLength * 10);
  });
});

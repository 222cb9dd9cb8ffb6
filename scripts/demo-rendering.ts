// The demo's renders: when this machine has a browser (CHROMIUM_PATH, Playwright's, or Debian's /usr/bin/chromium),
// a few pages of the demo site are rendered in headless Chromium by the product's own code (lib/rendering), the site
// answered by the seed's in-memory fetcher: the home page, a product page, a members-only deal whose script adds
// noindex (rendered_noindex) and a client-rendered trail journal (js_only_content), so the URL's Raw vs rendered
// panel and the project's Rendering page have data. Without a browser nothing is rendered and the demo says so (the
// app shows rendering as unavailable). Made when the project has no render yet, so a second run adds nothing.
import { createRobotsCache } from "../lib/audit/robots-cache";
import { systemCtx, type OrgCtx } from "../lib/core/context";
import { db } from "../lib/db";
import type { SafeFetcher } from "../lib/net/safe-fetch";
import { createBrowserPool } from "../lib/rendering/browser";
import { renderTrackedUrl } from "../lib/rendering/render-url";
import { ORIGIN, RENDER_FIXTURES, catalogue } from "./demo-world";

export type DemoRenders = { available: boolean; reason: string | null; rendered: string[]; kept: boolean };

export async function seedRendering(ctx: OrgCtx, projectId: string, fetcher: SafeFetcher): Promise<DemoRenders> {
  const pool = createBrowserPool({ size: 2 });
  try {
    const state = await pool.state();
    if (!state.available) return { available: false, reason: state.reason, rendered: [], kept: false };
    if ((await db.urlRender.count({ where: { projectId } })) > 0) return { available: true, reason: null, rendered: [], kept: true };
    const product = catalogue().find((e) => e.section === "products" && e.kindNow === "healthy" && e.addedDaysAgo === 90);
    const urls = [`${ORIGIN}/`, ...(product ? [product.url] : []), `${ORIGIN}${RENDER_FIXTURES.injectedNoindex}`, `${ORIGIN}${RENDER_FIXTURES.clientRendered}`];
    const rows = [];
    for (const url of urls) {
      const row = await db.trackedUrl.upsert({
        where: { projectId_url: { projectId, url } }, update: {},
        create: { organizationId: ctx.org.id, projectId, url, source: "manual", priority: "high" },
        select: { id: true, url: true },
      });
      rows.push(row);
    }
    const robots = createRobotsCache({ fetcher });
    const job = systemCtx("demo-rendering", ctx.org.id);
    const rendered: string[] = [];
    await Promise.all(rows.map(async (row) => {
      const { outcome } = await renderTrackedUrl(job, { organizationId: ctx.org.id, projectId, trackedUrlId: row.id, url: row.url, source: "sample", deps: { pool, fetcher, robots } });
      rendered.push(`${new URL(row.url).pathname} ${outcome.status}${outcome.differences.length ? ` (${outcome.differences.map((d) => d.kind).join(", ")})` : ""}`);
    }));
    return { available: true, reason: null, rendered, kept: false };
  } finally {
    await pool.close();
  }
}

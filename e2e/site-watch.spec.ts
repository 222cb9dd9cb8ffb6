import { expect, test } from "@playwright/test";
import pg from "pg";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject, type E2eProject } from "./project-fixtures";

// The Changes tab's robots.txt page and the overview's line. The watch's fetches are covered by tests/site-watch
// against the fake site; here two versions are recorded as the watch records them (the newer current for 14 minutes,
// blocking /shop/), then read the way a person does.
const A = "User-agent: *\nDisallow: /admin\n";
const B = "User-agent: *\nDisallow: /admin\nDisallow: /shop/\n";

async function recordRobotsChange(p: E2eProject) {
  // The database `next start` serves, as e2e/project-fixtures.ts finds it.
  const url = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
    ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const impact = (blocked: number, high: number, impressions: number, samples: string[]) =>
      ({ newlyBlocked: blocked, newlyAllowed: 0, highPriorityBlocked: high, impressions28dBlocked: impressions, clicks28dBlocked: 12, sampleUrls: samples });
    const samples = [`https://${p.domain}/shop/tent`, `https://${p.domain}/shop/stove`];
    const full = {
      googlebot: impact(2, 1, 2100, samples), bingbot: impact(2, 1, 2100, samples),
      ai: [{ crawler: "GPTBot", operator: "OpenAI", ...impact(2, 1, 2100, samples) }, { crawler: "CCBot", operator: "Common Crawl", ...impact(0, 0, 0, []) }],
      importantBlocked: 2, importantSampleUrls: samples, urlsScanned: 3, durationMs: 4,
    };
    const diff = "--- robots.txt (HTTP 200)\n+++ robots.txt (HTTP 200)\n@@ -1,2 +1,3 @@\n User-agent: *\n Disallow: /admin\n+Disallow: /shop/\n";
    const old = await db.query(`INSERT INTO robots_txt_versions (id, organization_id, project_id, http_status, sha256, content, bytes, final_url, first_seen_at, last_seen_at, became_current_at)
      VALUES (gen_random_uuid(), $1, $2, 200, repeat('a', 64), $3, $4, $5, now() - interval '3 days', now() - interval '19 minutes', now() - interval '3 days') RETURNING id`,
    [p.organizationId, p.id, Buffer.from(A), A.length, `https://${p.domain}/robots.txt`]);
    const now = await db.query(`INSERT INTO robots_txt_versions (id, organization_id, project_id, http_status, sha256, content, bytes, final_url, first_seen_at, last_seen_at,
        became_current_at, previous_version_id, lines_added, lines_removed, diff, impact)
      VALUES (gen_random_uuid(), $1, $2, 200, repeat('b', 64), $3, $4, $5, now() - interval '19 minutes', now(), now() - interval '14 minutes', $6, 1, 0, $7, $8) RETURNING id`,
    [p.organizationId, p.id, Buffer.from(B), B.length, `https://${p.domain}/robots.txt`, old.rows[0].id, diff, JSON.stringify(full)]);
    await db.query(`INSERT INTO site_watches (project_id, organization_id, origin, robots_next_fetch_at, robots_last_fetch_at, robots_last_status, robots_last_version_id,
        robots_current_version_id, robots_current_since, home_checked_at, home_status, home_final_url, cert_checked_at, cert_state, cert_expires_at, updated_at)
      VALUES ($1, $2, $3, now() + interval '1 day', now() - interval '1 minute', 304, $4, $4, now() - interval '14 minutes', now(), 200, $3 || '/', now(), 'ok', now() + interval '40 days 2 hours', now())
      ON CONFLICT (project_id) DO UPDATE SET robots_next_fetch_at = EXCLUDED.robots_next_fetch_at, robots_last_fetch_at = EXCLUDED.robots_last_fetch_at,
        robots_last_status = 304, robots_last_version_id = $4, robots_current_version_id = $4, robots_current_since = EXCLUDED.robots_current_since,
        home_checked_at = now(), home_status = 200, home_final_url = EXCLUDED.home_final_url, cert_checked_at = now(), cert_state = 'ok', cert_expires_at = EXCLUDED.cert_expires_at`,
    [p.id, p.organizationId, `https://${p.domain}`, now.rows[0].id]);
    // Past the setup wizard, which a project nobody has probed opens instead of the overview.
    await db.query("UPDATE projects SET last_availability_check_at = now() WHERE id = $1", [p.id]);
  } finally {
    await db.end();
  }
}

test("the robots.txt page shows the versions, the diff and the impact; the overview says what the change blocks", async ({ page }) => {
  await signIn(page, uniqueEmail("watch"));
  const project = await createProject(page, uniqueDomain("watch"));
  await admitUrls(page, project, ["/shop/tent", "/shop/stove", "/blog/hello"]);
  await recordRobotsChange(project);

  await page.goto(`/projects/${project.id}/changes/robots`);
  await expect(page.getByRole("heading", { name: "Changes: robots.txt" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Site watch" })).toBeVisible();
  await expect(page.getByText("40 days left")).toBeVisible();
  const versions = page.getByRole("list", { name: "Versions, newest first" });
  await expect(versions.getByRole("button")).toHaveCount(2);
  await expect(versions.getByRole("button").first()).toContainText("Current");
  await expect(page.getByLabel("Line diff")).toContainText("+Disallow: /shop/");
  await expect(page.getByText("Blocks 2 important URLs (high priority or with impressions) for Google or Bing.")).toBeVisible();
  const googlebot = page.getByRole("row", { name: /Googlebot/ });
  await expect(googlebot.getByRole("cell").first()).toHaveText("2");
  await expect(page.getByText("1 AI crawlers are not affected.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "site-watch-robots");

  // The older version: no diff to show.
  await versions.getByRole("button").nth(1).click();
  await expect(page.getByText("The first version the watch saw: nothing to compare with.")).toBeVisible();

  await page.goto(`/projects/${project.id}`);
  const line = page.getByRole("status").filter({ hasText: "robots.txt changed" });
  await expect(line).toContainText(/robots\.txt changed 1[45] minutes ago: blocks 2 important URLs/);
  await line.getByRole("link", { name: "See the change" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/changes/robots\\?version=`));
});

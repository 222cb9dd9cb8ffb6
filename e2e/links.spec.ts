import { expect, test } from "@playwright/test";
import { sql } from "./database";
import { uniqueDomain } from "./fakes";
import { screenshot, uniqueEmail } from "./helpers";
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, signIn } from "./journey";
import { admitUrls, createProject } from "./project-fixtures";

// The link graph a cycle of audits and the graph job would write (tests/links check them against the fake site) is
// written directly: the home page links to /a, /a links to /b, to /missing (404, not tracked) and to /old (a redirect),
// /orphan is linked from nowhere. The journey reads it: broken links with their sources, tracking an unlisted page,
// and the Links panel of the URL dialog.

test("the Links tab: broken internal links with their sources, an unlisted page tracked; the URL dialog's Links panel", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueEmail("links"));
  const domain = uniqueDomain("links");
  const p = await createProject(page, domain, "Linked shop");
  await admitUrls(page, p, ["/", "/a", "/b", "/old", "/orphan"]);
  const u = (path: string) => `https://${domain}${path}`;
  await sql(`UPDATE tracked_urls SET last_audit_at = now(), http_status = 200, health_state = 'healthy',
      redirect_hops = CASE WHEN url = $2 THEN 1 ELSE 0 END, redirect_target = CASE WHEN url = $2 THEN $3 END
    WHERE project_id = $1`, [p.id, u("/old"), u("/a")]);
  // The graph's facts of the tracked URLs live in url_facts (docs/links.md, Storage).
  await sql(`INSERT INTO url_facts (tracked_url_id, project_id, discovered_at, inlinks, inlinks_nofollow_only, orphan, click_depth)
    SELECT id, project_id, discovered_at, CASE url WHEN $2 THEN 0 WHEN $3 THEN 1 WHEN $4 THEN 1 WHEN $5 THEN 1 ELSE 0 END, false, url = $6,
           CASE url WHEN $2 THEN 0 WHEN $3 THEN 1 WHEN $4 THEN 2 WHEN $5 THEN 2 END
    FROM tracked_urls WHERE project_id = $1`, [p.id, u("/"), u("/a"), u("/b"), u("/old"), u("/orphan")]);
  const pack = (ids: number[]) => Buffer.concat(ids.map((i) => { const b = Buffer.alloc(4); b.writeInt32BE(i); return b; }));
  const nodes: [number, string, number, number[], number | null][] = [
    [1, "/", 0, [], 0], [2, "/a", 1, [1], 1], [3, "/b", 1, [2], 2], [4, "/missing", 1, [2], 2], [5, "/old", 1, [2], 2], [6, "/orphan", 0, [], null],
  ];
  for (const [n, path, inl, samples] of nodes) {
    // An untracked node keeps its computed inlinks and samples itself; a tracked URL's are in url_facts.
    await sql(`INSERT INTO link_nodes (project_id, node_id, organization_id, url, tracked_url_id, inlink_pages, sample_sources, fetched_at, http_status)
      SELECT $1, $2, $3, $4, (SELECT id FROM tracked_urls WHERE project_id = $1 AND url = $4), $5, $6,
             CASE WHEN $7 THEN now() END, CASE WHEN $7 THEN 404 END`, [p.id, n, p.organizationId, u(path), inl, pack(samples), path === "/missing"]);
    await sql(`UPDATE url_facts SET inlink_samples = $3 WHERE project_id = $1 AND tracked_url_id = (SELECT id FROM tracked_urls WHERE project_id = $1 AND url = $2)`,
      [p.id, u(path), pack(samples)]);
  }
  const links: [number, string, number[], string[]][] = [[1, "/", [2], ["About us"]], [2, "/a", [3, 4, 5], ["Blue shoes", "Old catalogue", "Spring sale"]]];
  for (const [n, path, targets, anchors] of links) {
    await sql(`INSERT INTO page_links (project_id, node_id, kind, organization_id, tracked_url_id, targets, nofollow, links_seen, extracted_at)
      VALUES ($1, $2, 0, $3, (SELECT id FROM tracked_urls WHERE project_id = $1 AND url = $4), $5, ''::bytea, $6, now())`,
    [p.id, n, p.organizationId, u(path), pack(targets), targets.length]);
    await sql(`INSERT INTO page_link_anchors (project_id, node_id, kind, anchors) VALUES ($1, $2, 0, $3)`, [p.id, n, anchors]);
  }
  await sql(`INSERT INTO link_graph_state (project_id, organization_id, computed_at, complete_through, complete_at, nodes, edges)
    VALUES ($1, $2, now(), now(), now(), 6, 4)`, [p.id, p.organizationId]);

  await page.goto(`/projects/${p.id}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Links" }).click();
  await expect(page.getByRole("heading", { name: "Broken internal links" })).toBeVisible();
  const broken = page.getByTestId("broken-links");
  await expect(broken).toContainText(u("/missing"));
  await expect(broken).toContainText("HTTP 404");
  await expect(broken).toContainText(`Redirects to ${u("/a")}`);
  await expect(broken).toContainText("Old catalogue");
  await expect(broken).toContainText(u("/a"));
  const unlisted = page.getByTestId("unlisted-pages");
  await expect(unlisted).toContainText(u("/missing"));
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "links-tab");

  // A person decides to track the unlisted page.
  await unlisted.getByRole("button", { name: `Track ${u("/missing")}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "now tracked" })).toContainText("1 page now tracked");

  // The URL dialog's Links panel: who links here, with the anchor text, how deep, and the page's own links.
  await page.goto(`/projects/${p.id}/urls`);
  await page.getByRole("link", { name: u("/b"), exact: true }).click();
  const detail = page.getByRole("dialog", { name: "URL details" });
  const panel = detail.getByTestId("url-links");
  await expect(panel).toContainText("Linked from");
  await expect(panel.getByTestId("url-links-inlinks")).toContainText("1 page");
  await expect(panel.getByTestId("url-links-depth")).toContainText("2 clicks from the home page");
  await expect(panel).toContainText(u("/a"));
  await expect(panel).toContainText("Blue shoes");
  await screenshot(page, "links-url-panel");
  await detail.getByRole("button", { name: "Close the URL details" }).click();
  await page.getByRole("link", { name: u("/orphan"), exact: true }).click();
  await expect(page.getByRole("dialog", { name: "URL details" }).getByTestId("url-links")).toContainText("Orphan: no audited page links here");
});

// The project both API benchmarks read (bench:api-overhead and bench:api-probe): a project of realistic size seeded in
// SQL (the counters follow by their triggers), analysed, with twenty tracked URLs spread over the inventory (their
// admission inserts nothing) and the size of the filtered page (health_state client_error).
import pg from "pg";
import { seedIssues, seedUrls } from "../urls/seed.ts";

export async function seedBenchProject(databaseUrl: string, target: { organizationId: string; projectId: string; domain: string; count: number }) {
  const seeder = new pg.Client({ connectionString: databaseUrl });
  await seeder.connect();
  try {
    await seeder.query(
      `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`,
      [target.projectId, target.organizationId, target.domain],
    );
    await seedUrls(seeder, target);
    await seedIssues(seeder, target);
    for (const table of ["tracked_urls", "issues", "issue_url_memberships", "open_issue_urls", "website_stats", "url_facet_counts"]) await seeder.query(`VACUUM ANALYZE ${table}`);
    const tracked: string[] = (await seeder.query(`SELECT url FROM tracked_urls WHERE project_id = $1 ORDER BY discovered_at, id OFFSET 1000 LIMIT 20`, [target.projectId])).rows.map((r) => r.url);
    const filteredTotal = Number((await seeder.query(`SELECT count(*) FROM tracked_urls WHERE project_id = $1 AND health_state = 'client_error'`, [target.projectId])).rows[0].count);
    return { tracked, filteredTotal };
  } finally {
    await seeder.end();
  }
}

// Every declared endpoint, one file per area. Route files import the declaration they serve; the
// OpenAPI document imports this list. Import schemas only here (never verbs or the database).
import "./account";
import "./projects";
import "./urls";
import "./imports";
import "./issues";
import "./sitemaps";
import "./submissions";
import "./verification";
import "./robots";
import "./inspections";
import "./connections";
import "./snapshots";
import "./webhooks";
import "./organizations";
import "./invitations";
import "./sso";
import "./notifications";
import "./search-analytics";
import "./coverage";
import "./priorities";
import "./gsc-properties";
import "./crawl-logs";
import "./portfolio";
import "./sitemap-coverage";
import "./mcp";
import "./removals";

// Operator CLI: `npm run cli -- <command> [--flags]`, printing one JSON object on stdout.
//   user:create --email E                                   → {userId, organizationId}
//   session:create --email E                                → {sessionToken}
//   api-key:create --email E --org ORG --scopes s1,s2 [--name N] [--expires-in SECONDS] → {key, id, name}
//   credits:grant --org ORG --amount N                      → {balance}
//   search-analytics:pull --project PROJECT                 → the pull's outcome ({status: "pulled", rows, …} or why not)
//   removals:follow --project PROJECT                       → what the hourly removals job did for the project ({siteChecked, confirmed, removed, stuck, …})
// It uses DATABASE_URL, or the embedded database (connecting to a running one, else starting it).
import { parseArgs } from "node:util";
import { systemCtx } from "../lib/core/context";
import { ensureDatabaseReady } from "../lib/db/ready";

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: "string" }, org: { type: "string" }, scopes: { type: "string" }, name: { type: "string" }, "expires-in": { type: "string" }, amount: { type: "string" },
    project: { type: "string" },
  },
});

function need(name: keyof typeof values): string {
  const v = values[name];
  if (!v) throw new Error(`--${name} is required for ${command}`);
  return v;
}

async function run(): Promise<unknown> {
  await ensureDatabaseReady();
  const { ensureUser } = await import("../lib/users/ensure-user");
  switch (command) {
    case "user:create": {
      const { userId, organizationId } = await ensureUser(need("email"));
      return { userId, organizationId };
    }
    case "session:create": {
      const { createSession } = await import("../lib/auth/sessions");
      const { userId } = await ensureUser(need("email"));
      return { sessionToken: (await createSession(userId)).sessionToken };
    }
    case "api-key:create": {
      const { createApiKey } = await import("../lib/api-keys/create-api-key");
      const { createApiKeyBody } = await import("../lib/api-keys/schemas");
      const { userId } = await ensureUser(need("email"));
      const input = createApiKeyBody.parse({
        name: values.name ?? "CLI key",
        ...(values["expires-in"] ? { expiresIn: Number(values["expires-in"]) } : {}),
        metadata: { organizationId: need("org"), scopes: need("scopes").split(",").map((s) => s.trim()).filter(Boolean) },
      });
      return createApiKey({ ctx: { actor: { type: "user", userId, email: need("email"), sessionId: "cli" }, request: { ipAddress: null, userAgent: "cli" } }, input });
    }
    case "credits:grant": {
      const { withTransaction } = await import("../lib/db");
      const { grantCredits } = await import("../lib/credits/credit-ledger");
      const balance = await withTransaction(systemCtx("cli"), (ctx) => grantCredits(ctx, { organizationId: need("org"), amount: Number(need("amount")), kind: "grant", reference: "cli" }));
      return { balance };
    }
    case "search-analytics:pull": {
      // What the 15-minute job does for one project, now (a pull waiting after a quota answer still waits).
      const { db } = await import("../lib/db");
      const { pullSearchAnalytics } = await import("../lib/search-analytics");
      const projectId = need("project");
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(projectId)) throw new Error("--project must be a project id (a UUID)");
      const project = await db.project.findFirst({ where: { id: projectId, deletedAt: null }, select: { organizationId: true } });
      if (!project) throw new Error(`No project ${projectId}`);
      return { projectId, ...(await pullSearchAnalytics(systemCtx("cli", project.organizationId), projectId)) };
    }
    case "removals:follow": {
      // What the hourly removals job does for one project, now: our audit of the URLs due one, the engines' last word, states and events.
      const { db } = await import("../lib/db");
      const { followProjectRemovals } = await import("../lib/removals/follow-removals");
      const projectId = need("project");
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(projectId)) throw new Error("--project must be a project id (a UUID)");
      const project = await db.project.findFirst({ where: { id: projectId, deletedAt: null }, select: { organizationId: true } });
      if (!project) throw new Error(`No project ${projectId}`);
      return { projectId, ...(await followProjectRemovals(systemCtx("cli", project.organizationId), projectId)) };
    }
    default:
      throw new Error(`Unknown command ${command ?? "(none)"}. Commands: user:create, session:create, api-key:create, credits:grant, search-analytics:pull, removals:follow`);
  }
}

run().then(
  (out) => { process.stdout.write(JSON.stringify(out) + "\n"); process.exit(0); },
  (e) => { process.stderr.write(JSON.stringify({ error: (e as Error).message }) + "\n"); process.exit(1); },
);

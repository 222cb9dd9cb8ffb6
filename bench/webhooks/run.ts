// Fan-out of one event to 1,000 webhook endpoints on a local receiver: the time from the event to the
// last signed delivery acknowledged, with every signature checked by the standard's own verifier.
// Target: all delivered and signed in < 10 s. The verbs in-process against local PostgreSQL; the receiver
// is a real HTTP server on 127.0.0.1 reached through CONNECT_TO, as the safe fetcher requires.
// Usage: npm run bench:webhooks   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { freshDatabase, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";

const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const loadAtStart = os.loadavg()[0];

// The receiver: verifies each delivery with its endpoint's secret (looked up by path) and answers 204.
const secrets = new Map<string, string>();
let verified = 0, rejected = 0;
const receiver = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => (body += c));
  req.on("end", () => {
    try {
      new Webhook(secrets.get(req.url!)!).verify(body, req.headers as Record<string, string>);
      verified++;
    } catch {
      rejected++;
    }
    res.writeHead(204).end();
  });
});
receiver.keepAliveTimeout = 10_000;
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;

const DATABASE_URL = await freshDatabase("iw_bench_webhooks");
process.env.DATABASE_URL = DATABASE_URL;
process.env.DISABLE_IN_PROCESS_JOBS = "1";
process.env.OUTBOX_KICK_MS = "0";
process.env.CONNECT_TO = `hooks.bench:80:127.0.0.1:${port}`;
process.env.ENCRYPTION_KEY ??= "0".repeat(64);
await applyMigrations(DATABASE_URL);
const { db } = await import("../../lib/db");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { newSecret, sealSecret } = await import("../../lib/webhooks/internal");
const { fanOutEvent } = await import("../../lib/webhooks/fan-out");
const { deliverDue } = await import("../../lib/webhooks/deliver");

const { organizationId } = await ensureUser("bench-webhooks@example.test");
const rows = Array.from({ length: ENDPOINTS }, (_, i) => {
  const id = crypto.randomUUID(), secret = newSecret();
  secrets.set(`/hook/${i}`, secret);
  return { id, organizationId, url: `http://hooks.bench/hook/${i}`, events: ["issue.opened"], secretEnc: sealSecret(id, secret) };
});
await db.webhookEndpoint.createMany({ data: rows });

const results: { ms: number; delivered: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  verified = 0;
  rejected = 0;
  const t = performance.now();
  const ids = await fanOutEvent({
    id: `bench-${run}-${Date.now()}`, name: "issue.opened",
    data: { organizationId, projectId: crypto.randomUUID(), issueId: crypto.randomUUID(), issueType: "server_error", severity: "critical", affectedUrlCount: 3, reopened: false, openedAt: new Date().toISOString() },
  });
  const r = await deliverDue({ ids });
  const ms = performance.now() - t;
  const delivered = await db.webhookDelivery.count({ where: { id: { in: ids }, status: "succeeded" } });
  console.error(`run ${run + 1}: ${ids.length} deliveries, ${r.succeeded} succeeded, ${verified} verified, ${rejected} rejected, ${ms.toFixed(0)} ms`);
  if (delivered !== ENDPOINTS || verified !== ENDPOINTS || rejected) throw new Error(`run ${run + 1}: ${delivered} delivered, ${verified} verified, ${rejected} rejected of ${ENDPOINTS}`);
  results.push({ ms, delivered });
}
await db.$disconnect();
receiver.close();

const worst = Math.max(...results.map((r) => r.ms));
const md = `## Webhook fan-out (bench/webhooks)

One \`issue.opened\` event fanned out to ${ENDPOINTS.toLocaleString("en")} endpoints of one organization and delivered to a local
HTTP receiver (through CONNECT_TO and the safe fetcher), which verifies every signature with the \`standardwebhooks\` verifier:
time from the fan-out to the last delivery recorded as succeeded. ${RUNS} runs; ${os.cpus().length} cores, load ${loadAtStart.toFixed(2)} at start.
Run on ${new Date().toISOString().slice(0, 10)}.

| run | time | delivered and verified |
|---|---|---|
${results.map((r, i) => `| ${i + 1} | ${(r.ms / 1000).toFixed(2)} s | ${r.delivered} / ${ENDPOINTS} |`).join("\n")}

Slowest run ${(worst / 1000).toFixed(2)} s, target < 10 s: ${worst < 10_000 ? "met" : "NOT met"}.
`;
writeResults("webhooks", md);
console.log(md);
process.exit(0);

// `npm run demo`: IndexWatch with a signed-in demo organization, nothing to configure.
//   1. starts scripts/demo-fakes.ts (fake DNS, the demo customer site under the test CA, IndexNow, the webmaster
//      gsc and engine B, scripted with scripts/demo-world.ts) and reads its DEMO_FAKES_READY line;
//   2. seeds the demo's own embedded database (.data/demo, apart from the developer's .data/pglite) with
//      scripts/demo-seed.ts: 90 days of a ~2,900-URL project (see that file) and today's checks, or, when .data/demo
//      was seeded before, reconnects gsc, does today's checks when they are old and mints a new sign-in link;
//   3. runs `next dev` on DEMO_PORT (3300) with the fakes' settings, waits until it answers, and prints the
//      one-click sign-in link, the sign-in email and how to stop. Ctrl-C stops the app and the fakes.
// `npm run demo -- --fresh` deletes .data/demo first (also done automatically after a seed that did not finish).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { spawnNext } from "./spawn-next.mjs";

const args = process.argv.slice(2);
const fresh = args.includes("--fresh");
const port = Number(process.env.DEMO_PORT ?? 3300);
const dbPort = Number(process.env.DEMO_DB_PORT ?? 54629);
const appUrl = `http://localhost:${port}`;
const dataDir = ".data/demo";
const marker = path.join(dataDir, "seeded.json");
const started = Date.now();
const say = (line) => console.log(`[demo] ${line}`);
const children = new Set();

// ─── Preconditions ─────────────────────────────────────────────────────────────────────────────────

const answers = (p) => new Promise((resolve) => {
  const s = net.connect({ port: p, host: "127.0.0.1" });
  s.once("connect", () => { s.destroy(); resolve(true); });
  s.once("error", () => resolve(false));
});
if (await answers(port)) fail(`Port ${port} is taken (another demo?). Stop it, or choose another port: DEMO_PORT=3400 npm run demo`);
if (await answers(dbPort)) fail(`Port ${dbPort} (the demo's database) is taken (another demo?). Stop it, or: DEMO_DB_PORT=54700 npm run demo`);
// Next allows one `next dev` per checkout (.next/dev/lock).
const devLock = readJson(".next/dev/lock");
if (devLock?.pid && alive(devLock.pid)) {
  fail(`Another \`next dev\` (pid ${devLock.pid}, ${devLock.appUrl ?? "?"}) runs in this checkout, and Next allows one per checkout. Stop it first (e.g. Ctrl-C in \`npm run dev\`).`);
}

// next dev reads .env files for what the environment lacks: a DATABASE_URL there would take the app elsewhere.
const dotenvWithDb = [".env.development.local", ".env.local", ".env.development", ".env"].find((f) => /^\s*(export\s+)?DATABASE_URL\s*=/m.test(readText(f)));
if (dotenvWithDb) fail(`${dotenvWithDb} sets DATABASE_URL, which next dev would use instead of the demo's own database. Comment it out while the demo runs.`);

if (fresh || !fs.existsSync(marker)) {
  if (fs.existsSync(dataDir)) say(fresh ? `--fresh: deleting ${dataDir}` : `${dataDir} was not seeded to the end: deleting it`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// The demo's settings win over the developer's own: its data, its ports, in-process jobs, the development
// mailbox, and fixed secrets (everything it seals belongs to fakes; kept data must open on the next run).
const env = { ...process.env };
for (const name of ["DATABASE_URL", "DATABASE_IS_PGLITE", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "INNGEST_BASE_URL", "SMTP_URL",
  "REDIS_URL", "DISABLE_IN_PROCESS_JOBS", "GSC_REDIRECT_URI", "NEXTAUTH_URL"]) delete env[name];
Object.assign(env, {
  PORT: String(port),
  NEXT_TELEMETRY_DISABLED: "1",
  NEXTAUTH_URL: appUrl,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || "indexwatch-demo-only-secret",
  EMBEDDED_DATA_DIR: path.join(dataDir, "pglite"),
  EMBEDDED_DB_PORT: String(dbPort),
  ENCRYPTION_KEY: createHash("sha256").update("indexwatch-demo-encryption-key").digest("hex"),
});

// ─── 1. The fakes ──────────────────────────────────────────────────────────────────────────────────

const fakes = track(spawn(process.execPath, ["--import", "tsx", "scripts/demo-fakes.ts"], { stdio: ["pipe", "pipe", "inherit"], env: { ...env, DEMO_APP_URL: appUrl } }));
const fakeEnv = await new Promise((resolve, reject) => {
  createInterface({ input: fakes.stdout }).on("line", (line) => {
    if (line.startsWith("DEMO_FAKES_READY ")) resolve(JSON.parse(line.slice("DEMO_FAKES_READY ".length)));
    else console.log(`[demo-fakes] ${line}`);
  });
  fakes.once("exit", (code) => reject(new Error(`the demo fakes exited with ${code} before they were ready`)));
}).catch((error) => fail(error.message));
const { DEMO_GSC_CODE, ...serviceEnv } = fakeEnv;
Object.assign(env, serviceEnv);
say(`fakes ready (${secondsSince(started)} s): customer site https://acme-outdoor.e2e.test, gsc ${serviceEnv.GSC_API_BASE_URL}, engine B ${serviceEnv.ENGINEB_API_BASE_URL}`);

// ─── 2. The seed ───────────────────────────────────────────────────────────────────────────────────

const seedStarted = Date.now();
const seed = track(spawn(process.execPath, ["--import", "tsx", "scripts/demo-seed.ts"], { stdio: ["ignore", "pipe", "inherit"], env: { ...env, DEMO_GSC_CODE } }));
let seeded = null;
createInterface({ input: seed.stdout }).on("line", (line) => {
  if (line.startsWith("DEMO_SEEDED ")) seeded = JSON.parse(line.slice("DEMO_SEEDED ".length));
  else console.log(line);
});
const seedCode = await new Promise((resolve) => seed.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
if (seedCode !== 0 || !seeded) fail(`seeding failed (exit ${seedCode}); \`npm run demo\` starts over with a fresh ${dataDir}`);
fs.writeFileSync(marker, JSON.stringify({ email: seeded.email, projectId: seeded.projectId, domain: seeded.domain, seededAt: new Date().toISOString() }, null, 2));
say(`${seeded.reused ? "kept data reused" : `seeded ${seeded.urls} URLs, ${seeded.openIssues} open issue groups`} (${secondsSince(seedStarted)} s)`);

// ─── 3. The app ────────────────────────────────────────────────────────────────────────────────────

say(`starting next dev on ${appUrl} (the first page of each kind compiles on first visit)…`);
const app = spawnNext("dev", [], env);
app.then((code) => {
  stopAll();
  process.exit(code);
});
const ready = await waitFor(`${appUrl}/api/ping`, 240_000);
if (!ready) {
  say("the app did not answer within 4 minutes; see its log above");
} else {
  const line = "─".repeat(78);
  console.log(`\n${line}\n  IndexWatch demo is running (ready in ${secondsSince(started)} s)\n`);
  console.log(`  Open this link to land signed in on the demo project (works once, for 24 hours):\n\n    ${seeded.signInUrl}\n`);
  console.log(`  Sign-in email:  ${seeded.email}`);
  console.log(`                  (a new link any time: ${appUrl}/sign-in with that email, then ${appUrl}/dev/mailbox)`);
  console.log(`  Project:        ${seeded.projectUrl}  (${seeded.domain}, served by the local fake site)`);
  if (seeded.shareUrl) console.log(`  Client view:    ${seeded.shareUrl}  (the project's share link, no sign-in)`);
  console.log(`  Data:           ${dataDir} (kept for the next \`npm run demo\`; \`npm run demo -- --fresh\` starts over)`);
  console.log(`  Stop:           Ctrl-C (stops the app and the fakes)\n${line}\n`);
  // Compile what the link opens (next-auth's route, the project overview) while the newcomer reads this.
  for (const warm of ["/api/auth/csrf", `/projects/${seeded.projectId}`]) await fetch(`${appUrl}${warm}`, { redirect: "manual" }).catch(() => undefined);
}

// ─── Helpers ───────────────────────────────────────────────────────────────────────────────────────

function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}

process.on("exit", stopAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  // spawn-next forwards the signal to next dev, whose exit ends this process; before it runs, stop here.
  process.on(signal, () => {
    stopAll();
    if (!seeded) process.exit(130);
  });
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

function readText(file) {
  try { return fs.readFileSync(file, "utf8"); } catch { return ""; }
}

function readJson(file) {
  try { return JSON.parse(fs.readFileSync(file, "utf8")); } catch { return null; }
}

function alive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

function secondsSince(t) {
  return Math.round((Date.now() - t) / 100) / 10;
}

function fail(message) {
  console.error(`[demo] ${message}`);
  stopAll();
  process.exit(1);
}

import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const external = process.env.E2E_BASE_URL;
// E2E_PORT_OFFSET shifts the app (3100) and the fakes' control endpoint (3199) so two runs can share a machine.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = String(3100 + offset);
const baseURL = external ?? `http://127.0.0.1:${port}`;
// The tests script DNS answers and site content through the control endpoint of scripts/e2e-fakes.ts.
process.env.E2E_CONTROL_URL ??= `http://127.0.0.1:${3199 + offset}`;
const CI = Boolean(process.env.CI);
// The journeys run headless: Debian's headless shell (what Playwright itself runs headless; no GPU process, a fifth of
// the full browser's CPU per page, measured by bench/render) when it is installed, else the full Chromium.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// Cron function ids (inngest/functions) the e2e server does not schedule (DISABLE_IN_PROCESS_CRONS): see webServer.env.
const E2E_UNSCHEDULED_CRONS = [
  "site-watch-sentinels-cron", "site-watch-robots-txt", "rendering-sentinel-renders", "rendering-weekly-samples",
  "inspections-run-scheduled", "engines-sync-backlog", "engines-plan-gsc-day", "search-analytics-pull", "links-sweep-graphs",
  "diagnosis-hourly", "removals-follow", "reports-send-due", "stats-reconcile",
];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test owns its data (own user, organization, domains; fakes scripted per host or account: e2e/README.md),
  // so tests run side by side against the one `next start`.
  fullyParallel: true,
  // Two: on CI's 2 cores a third browser starved the server and journeys hit their 60 s limit (measured); four again on
  // 2026-11-28 on an idle machine: load average 14 and three journeys timed out within 5 minutes.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot at every action) costs the browser and the runner CPU in every
    // test, and a passing test's trace is thrown away: in CI, where a failed test runs again, the retry records it.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // `npx playwright install` cannot download browsers here; Debian's Chromium is used instead.
          executablePath: browserPath,
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  // With E2E_BASE_URL the tests run against that server; otherwise a production build on port 3100.
  webServer: external
    ? undefined
    : {
        command: "node scripts/e2e-server.mjs",
        url: `${baseURL}/sign-in`,
        timeout: 180_000,
        reuseExistingServer: !CI,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          PORT: port,
          E2E_CONTROL_PORT: new URL(process.env.E2E_CONTROL_URL).port,
          // Without DATABASE_URL each run owns an embedded database; an offset run must not share its port.
          EMBEDDED_DB_PORT: process.env.EMBEDDED_DB_PORT ?? String(54329 + offset),
          NEXTAUTH_URL: baseURL,
          NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-not-for-production",
          // `next start` runs as production, where the development mailbox is off unless asked for.
          DEV_MAILBOX: "1",
          // Every journey signs in from 127.0.0.1: more sign-in mails an hour than one IP may ask for.
          RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: process.env.RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR ?? "10000",
          RATE_LIMIT_ANON_PER_MINUTE: process.env.RATE_LIMIT_ANON_PER_MINUTE ?? "10000",
          RATE_LIMIT_SHARE_PER_MINUTE: process.env.RATE_LIMIT_SHARE_PER_MINUTE ?? "10000",
          RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR: process.env.RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR ?? "10000",
          RATE_LIMIT_SITE_FETCHES_PER_MINUTE: process.env.RATE_LIMIT_SITE_FETCHES_PER_MINUTE ?? "10000",
          // A journey is a very fast user (22 projects created in seconds): the API limits are tested in tests/rate-limit.
          RATE_LIMIT_API_PER_MINUTE: process.env.RATE_LIMIT_API_PER_MINUTE ?? "100000",
          RATE_LIMIT_API_BURST: process.env.RATE_LIMIT_API_BURST ?? "100000",
          // The crons that sweep every project on their own clock (sentinel audits every 15 minutes, renders, the robots.txt
          // watch, engine and Search Analytics pulls, scheduled inspections, graphs, diagnosis, removals, reports) stay
          // unscheduled: no journey waits for one (each runs what it needs through the API, the CLI or a direct write), and
          // running them over every journey's project rewrote seeded states under a journey (urls.spec's
          // disagreement=any once found no row after the sentinel audits) and took CPU from the journeys.
          // The outbox flush, webhook retries, IndexNow sweep and digest mails keep their schedule.
          DISABLE_IN_PROCESS_CRONS: process.env.DISABLE_IN_PROCESS_CRONS ?? E2E_UNSCHEDULED_CRONS.join(","),
        },
      },
});

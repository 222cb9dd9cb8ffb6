// Deterministic configuration for every test file.
process.env.ENCRYPTION_KEY ??= "0".repeat(64);
process.env.FREE_CREDITS ??= "100";
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret";
process.env.NEXTAUTH_URL ??= "http://127.0.0.1:3000";
// IndexNow batches never leave the machine: a closed local port unless a suite starts its fake.
process.env.INDEXNOW_ENDPOINT ??= "http://127.0.0.1:9/indexnow";
// Domain events wait in the outbox until a test flushes its organization's (lib/events/outbox.ts): a timer
// flushing everything would hand one test's events to another test file's process.
process.env.OUTBOX_KICK_MS ??= "0";
// Rate limits count in every route test but never refuse: suites share callers (no client IP) and the
// store. tests/rate-limit/** sets its own limits.
for (const name of ["RATE_LIMIT_API_PER_MINUTE", "RATE_LIMIT_API_BURST", "RATE_LIMIT_ANON_PER_MINUTE", "RATE_LIMIT_SHARE_PER_MINUTE", "RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR", "RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR", "RATE_LIMIT_INVITES_PER_ORG_PER_DAY",
  "RATE_LIMIT_INGEST_FAILURES_PER_IP_PER_HOUR", "RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR", "RATE_LIMIT_SITE_FETCHES_PER_MINUTE"]) {
  process.env[name] ??= "1000000000";
}

// A file ends when the jobs it started in-process have, and its changes to the environment end with it (test
// files share a worker process: vitest.config.ts).
import { afterAll } from "vitest";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
const environmentAtStart = { ...process.env };
afterAll(async () => {
  await whenInProcessIdle();
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
});

// Events sent by the code under test run in-process: the job functions, loaded on the first event.
import { registerJobFunctions } from "@/lib/jobs/registry";
registerJobFunctions(() => import("@/inngest/functions").then((m) => m.functions));

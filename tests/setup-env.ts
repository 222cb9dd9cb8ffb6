// Deterministic configuration for every test file.
process.env.ENCRYPTION_KEY ??= "0".repeat(64);
process.env.FREE_CREDITS ??= "100";
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret";
process.env.NEXTAUTH_URL ??= "http://127.0.0.1:3000";
// IndexNow batches never leave the machine: a closed local port unless a suite starts its fake.
process.env.INDEXNOW_ENDPOINT ??= "http://127.0.0.1:9/indexnow";

// Events sent by the code under test run in-process: the job functions, loaded on the first event.
import { registerJobFunctions } from "@/lib/jobs/registry";
registerJobFunctions(() => import("@/inngest/functions").then((m) => m.functions));

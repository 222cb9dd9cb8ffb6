import { DomainError } from "@/lib/core/errors";
import { inngestConfigured } from "./mode";

/** The variable that lets a production server run Inngest's development mode, whose calls are not signed. */
export const ALLOW_UNSIGNED_ENV = "INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION";

type Mode = "cloud" | "dev";
type Env = Record<string, string | undefined>;
const production = (env: Env) => env.NODE_ENV === "production";
const unsignedAllowed = (env: Env) => env[ALLOW_UNSIGNED_ENV] === "1";

/**
 * Why /api/inngest must not serve this call, or null. `mode` is the SDK client's: in "dev" mode (INNGEST_DEV) it runs
 * any function for any caller without checking a signature, so a production server refuses it unless the operator
 * named INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION=1. Without an Inngest server the endpoint does not exist (404).
 */
export function inngestServeRefusal(mode: Mode, env: Env = process.env): DomainError | null {
  if (!inngestConfigured(env)) return new DomainError("NOT_FOUND", "No Inngest server is configured: jobs run in-process");
  if (mode === "dev" && production(env) && !unsignedAllowed(env)) {
    return new DomainError("INTEGRATION_NOT_CONFIGURED", `Unsigned Inngest calls (INNGEST_DEV) are refused in production; sign them (INNGEST_SIGNING_KEY) or set ${ALLOW_UNSIGNED_ENV}=1`);
  }
  return null;
}

/** The line the server logs at start about /api/inngest, with the level to log it at; null when jobs run in-process. */
export function inngestServeNotice(mode: Mode, env: Env = process.env): { level: "info" | "warn" | "error"; message: string } | null {
  if (!inngestConfigured(env)) return null;
  if (mode === "cloud") return { level: "info", message: "[inngest] /api/inngest runs functions for calls signed with INNGEST_SIGNING_KEY only" };
  if (!production(env)) return { level: "warn", message: "[inngest] development mode (INNGEST_DEV): /api/inngest runs any function for unsigned calls; for a developer's own machine only" };
  if (unsignedAllowed(env)) {
    return { level: "warn", message: `[inngest] ${ALLOW_UNSIGNED_ENV}=1: /api/inngest runs any function for unsigned calls in production; anyone who reaches it can run every job. A self-hosted Inngest server signs its calls (--signing-key): set INNGEST_SIGNING_KEY instead of INNGEST_DEV` };
  }
  return { level: "error", message: `[inngest] INNGEST_DEV is set in production: /api/inngest refuses every call (503), so no job runs. A self-hosted Inngest server signs its calls (--signing-key): set INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY with INNGEST_BASE_URL instead, or ${ALLOW_UNSIGNED_ENV}=1 to serve unsigned calls anyway` };
}

/** Logs inngestServeNotice at start (instrumentation.ts). */
export function logInngestServeMode(mode: Mode, env: Env = process.env): void {
  const notice = inngestServeNotice(mode, env);
  if (notice) console[notice.level](notice.message);
}

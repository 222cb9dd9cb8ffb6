import { db } from "@/lib/db";
import { HealthResponse } from "./schemas";

export const DB_PROBE_TIMEOUT_MS = 2_000;

/** Probes the database with `SELECT 1`; a failure or a probe slower than 2 s reports it degraded. */
export async function checkHealth({ probe = probeDatabase, now = new Date() } = {}): Promise<HealthResponse> {
  const database = (await withTimeout(probe(), DB_PROBE_TIMEOUT_MS)) ? "operational" : "degraded";
  return HealthResponse.parse({
    status: database === "operational" ? "ok" : "degraded",
    // There is no cache service: nothing to degrade.
    services: { api: "operational", database, cache: "operational" },
    timestamp: now.toISOString(),
    uptime: Math.floor(process.uptime()),
  });
}

async function probeDatabase(): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

async function withTimeout(p: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  try {
    return await Promise.race([p.then(() => true), timeout]);
  } catch (e) {
    console.error("[health] database probe failed:", e instanceof Error ? e.message : e);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

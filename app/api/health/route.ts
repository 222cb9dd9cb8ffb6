import { ok } from "@/lib/api/envelope";
import { route } from "@/lib/api/route";
import { getHealthOp } from "@/lib/api/operations/account";
import { checkHealth } from "@/lib/health/check-health";

// GET /api/health — liveness and a database probe; 503 with the same envelope when degraded
export const GET = route(getHealthOp, async () => {
  const health = await checkHealth();
  if (health.status === "ok") return ok(health);
  return Response.json(
    { success: true, status: 503, code: "DEGRADED", message: "One or more services are degraded", data: health },
    { status: 503, headers: { "cache-control": "no-store" } },
  );
});

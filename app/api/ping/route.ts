import { ok } from "@/lib/api/envelope";

// GET /api/ping — constant liveness answer: no database, no authentication (the benchmark's baseline)
export async function GET() {
  return ok({ pong: true });
}

import { z } from "zod";

const ServiceState = z.enum(["operational", "degraded"]);

export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  services: z.object({ api: ServiceState, database: ServiceState, cache: ServiceState }),
  timestamp: z.iso.datetime(),
  uptime: z.number().int().min(0).meta({ description: "Seconds since the process started", examples: [3600] }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

import type { Project } from "@/lib/db";
import { iso } from "@/lib/core/iso";
import { ConnectionStatus } from "./schemas";

export type StatusFields = Pick<Project, "id" | "domain" | "gscConnectedAt" | "gscPropertyUrl" | "gscRevokedAt" | "engineBConnectedAt">;

/** The connection columns every verb reads (never the sealed secrets). */
export const statusSelect = {
  id: true, organizationId: true, domain: true, gscConnectedAt: true, gscPropertyUrl: true, gscRevokedAt: true,
  engineBConnectedAt: true, engineBLastError: true,
} as const;

/** A stored grant counts as connected until gsc says it is revoked. */
export const gscConnected = (p: Pick<Project, "gscConnectedAt" | "gscRevokedAt">) => p.gscConnectedAt !== null && p.gscRevokedAt === null;

/** SPEC.md ConnectionStatus; parsed through the schema so nothing else (no secret) can go out. */
export function toConnectionStatus(p: StatusFields): ConnectionStatus {
  return ConnectionStatus.parse({
    projectId: p.id, domain: p.domain,
    gscConnected: gscConnected(p), gscConnectedAt: iso(p.gscConnectedAt), gscPropertyUrl: p.gscPropertyUrl,
    engineBConnected: p.engineBConnectedAt !== null, engineBConnectedAt: iso(p.engineBConnectedAt),
  });
}

import crypto from "node:crypto";
import { expect } from "vitest";
import * as importsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/imports/route";
import * as importRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/imports/[importId]/route";
import * as commitRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/imports/[importId]/commit/route";
import { db } from "@/lib/db";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { bearer, call } from "../http";
import { createTestProject, type TestUser } from "../factories";

export const uniqueDomain = (tag = "imp") => `${tag}-${crypto.randomUUID().slice(0, 8)}.example`;

export type Target = { orgId: string; projectId: string; headers: Record<string, string> };

export async function projectFor(user: TestUser, domain = uniqueDomain()): Promise<Target & { domain: string }> {
  const project = await createTestProject(user, { domain });
  return { orgId: user.organizationId, projectId: project.id, headers: bearer(user.sessionToken), domain };
}

const base = (t: Target) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/imports`;

/** A raw text/csv or text/plain body. */
export function uploadRaw(t: Target, body: string | Uint8Array, contentType = "text/csv", query = "") {
  return call(importsRoute.POST, {
    method: "POST", url: `${base(t)}${query}`, headers: { ...t.headers, "content-type": contentType }, rawBody: body,
    params: { organizationId: t.orgId, id: t.projectId },
  });
}

/** A multipart/form-data upload, serialized as a browser would send it. */
export async function uploadMultipart(t: Target, content: string | Uint8Array, fileName = "urls.csv", type = "text/csv", field = "file") {
  const form = new FormData();
  form.append(field, new Blob([content as BlobPart], { type }), fileName);
  const serialized = new Response(form);
  const bytes = new Uint8Array(await serialized.arrayBuffer());
  return call(importsRoute.POST, {
    method: "POST", url: base(t), headers: { ...t.headers, "content-type": serialized.headers.get("content-type")! }, rawBody: bytes,
    params: { organizationId: t.orgId, id: t.projectId },
  });
}

export function listImports(t: Target, query = "") {
  return call(importsRoute.GET, { url: `${base(t)}${query}`, headers: t.headers, params: { organizationId: t.orgId, id: t.projectId } });
}

export function getImport(t: Target, importId: string) {
  return call(importRoute.GET, { url: `${base(t)}/${importId}`, headers: t.headers, params: { organizationId: t.orgId, id: t.projectId, importId } });
}

export function commit(t: Target, importId: string, json: unknown = { confirm: true }) {
  return call(commitRoute.POST, {
    method: "POST", url: `${base(t)}/${importId}/commit`, headers: t.headers, json, params: { organizationId: t.orgId, id: t.projectId, importId },
  });
}

/** Uploads a CSV and asserts the preview was created. */
export async function preview(t: Target, csv: string) {
  const { res, body } = await uploadRaw(t, csv);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

/**
 * Waits until the import leaves `committing` (the in-process queue commits after the response):
 * first for the queue to go idle, then polling the row, within the timeout.
 */
export async function waitForImport(importId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  await Promise.race([whenInProcessIdle(), new Promise((r) => setTimeout(r, timeoutMs))]);
  for (;;) {
    const row = await db.urlImport.findUniqueOrThrow({ where: { id: importId } });
    if (row.status !== "committing") return row;
    if (Date.now() > deadline) throw new Error(`import ${importId} still committing after ${timeoutMs} ms (${row.committedChunks} chunks)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const csvOf = (domain: string, paths: string[], header = "url") => [header, ...paths.map((p) => `https://${domain}/${p}`)].join("\n");
export const pages = (n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

export async function trackedUrls(projectId: string) {
  return db.trackedUrl.findMany({ where: { projectId }, select: { url: true, source: true }, orderBy: { url: "asc" } });
}

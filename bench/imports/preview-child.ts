// Runs one import preview (after a tiny warm-up, as in a running server) in a process of its own, so
// its peak RSS is the preview's alone. Reads the CSV from argv[2]; prints one JSON line.
import fs from "node:fs";

const [file, organizationId, projectId] = process.argv.slice(2);
const { readImportUpload } = await import("../../lib/imports/read-upload");
const { createImportPreview } = await import("../../lib/imports/create-import-preview");
const { db } = await import("../../lib/db");

const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };
const csv = fs.readFileSync(file);
const rssBeforeMB = process.resourceUsage().maxRSS / 1024;

async function previewOnce(bytes: Uint8Array) {
  const req = new Request("http://bench.local/imports", { method: "POST", headers: { "content-type": "text/csv" }, body: bytes as BodyInit });
  const t0 = performance.now();
  const upload = await readImportUpload(req);
  const { data } = await createImportPreview({ ctx, projectId, upload });
  return { ms: performance.now() - t0, data };
}

// Warm-up with a small file: connections and query plans, as in a running server.
await previewOnce(new TextEncoder().encode("url\nhttps://warm.example/\n"));
const { ms, data } = await previewOnce(csv);
const maxRssMB = process.resourceUsage().maxRSS / 1024;
await db.$disconnect();
console.log(JSON.stringify({ ms, importId: data.id, totalRows: data.totalRows, netNewRows: data.netNewRows, rssBeforeMB, maxRssMB }));

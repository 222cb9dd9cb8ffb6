// Runs one import preview in a process of its own, so its peak RSS is the preview's alone, after a
// warm-up preview of 2,000 rows (a serving process has run these code paths before). Reads the CSV
// from argv[2]; prints one JSON line.
import fs from "node:fs";

const [file, organizationId, projectId, domain] = process.argv.slice(2);
const { readImportUpload } = await import("../../lib/api/read-import-upload");
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

const warmUp = ["url", ...Array.from({ length: 2_000 }, (_, i) => `https://${domain}/warm-up/${i},"warm, up",200`)].join("\r\n");
await previewOnce(new TextEncoder().encode(warmUp));
const { ms, data } = await previewOnce(csv);
const maxRssMB = process.resourceUsage().maxRSS / 1024;
await db.$disconnect();
console.log(JSON.stringify({ ms, importId: data.id, totalRows: data.totalRows, netNewRows: data.netNewRows, rssBeforeMB, maxRssMB }));

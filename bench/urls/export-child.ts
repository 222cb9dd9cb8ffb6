export {};
// Runs one CSV export of a project's URLs in a process of its own, so its peak RSS is the export's alone, after a
// warm-up export of a few rows (a serving process has run these code paths before). The body is read as a client
// would read it and counted, never kept. Prints one JSON line.
const [organizationId, projectId, query] = process.argv.slice(2);
const { exportUrls } = await import("../../lib/urls/export-urls");
const { exportUrlsQuery } = await import("../../lib/urls/schemas");
const { db } = await import("../../lib/db");

const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };

async function exportOnce(search: string) {
  const t0 = performance.now();
  const { body } = await exportUrls(ctx, projectId, exportUrlsQuery.parse(Object.fromEntries(new URLSearchParams(search))));
  const reader = new Response(body).body!.getReader();
  let bytes = 0, lines = 0, firstByteMs = 0, maxHeapMB = 0, chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!bytes) firstByteMs = performance.now() - t0;
    bytes += value.byteLength;
    chunks++;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (chunks % 20 === 0) maxHeapMB = Math.max(maxHeapMB, process.memoryUsage().heapUsed / 1048576);
  }
  return { ms: performance.now() - t0, firstByteMs, bytes, rows: lines - 1, maxHeapMB };
}

await exportOnce("q=item-4242");
const rssBeforeMB = process.resourceUsage().maxRSS / 1024;
const run = await exportOnce(query ?? "");
const maxRssMB = process.resourceUsage().maxRSS / 1024;
await db.$disconnect();
console.log(JSON.stringify({ ...run, rssBeforeMB, maxRssMB }));

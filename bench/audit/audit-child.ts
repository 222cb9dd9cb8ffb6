// Runs one audit of N URLs in a process of its own, so that its peak RSS is the audit's alone.
// Arguments: mode ("audit"; "audit-nolinks": the fields without the link graph's links; "audit-nofields": without the field history's fields, the head only; or "fetch":
// the safe fetcher alone, 4 workers reading each body, the floor the audit is built on) baseUrl count hostConcurrency connectTo caFile. Prints one JSON line.
import fs from "node:fs";

const [mode, baseUrl, count, hostConcurrency, connectTo, caFile] = process.argv.slice(2);
const { createSafeFetcher } = await import("../../lib/net/safe-fetch");
const { createAuditRunner } = await import("../../lib/audit/runner");
const { createRobotsCache } = await import("../../lib/audit/robots-cache");

const limit = Number(hostConcurrency);
const fetcher = createSafeFetcher({ connectTo, tlsCa: fs.readFileSync(caFile, "utf8"), maxPerHost: limit });
const urls = Array.from({ length: Number(count) }, (_, i) => `${baseUrl}/catalog/item-${i}`);
const rssBeforeMB = process.resourceUsage().maxRSS / 1024;
const durations: number[] = [];
const states: Record<string, number> = {};
const cpu0 = process.cpuUsage();
const t0 = performance.now();
if (mode === "fetch") {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < urls.length) {
        const started = performance.now();
        const res = await fetcher.stream(urls[next++]);
        if (res.ok) for await (const _chunk of res.body);
        durations.push(Math.round(performance.now() - started));
        const key = res.ok ? `${res.status}` : res.error.kind;
        states[key] = (states[key] ?? 0) + 1;
      }
    }),
  );
} else {
  const runner = createAuditRunner({ fetcher, robots: createRobotsCache({ fetcher }), hostConcurrency: limit, fields: mode !== "audit-nofields", links: mode !== "audit-nolinks" });
  await runner.run(urls, (o) => {
    durations.push(o.durationMs);
    const key = `${o.healthState}/${o.indexability}`;
    states[key] = (states[key] ?? 0) + 1;
  });
}
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMsPerUrl = (cpu.user + cpu.system) / 1000 / durations.length;
durations.sort((a, b) => a - b);
const pct = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))];
console.log(JSON.stringify({ ms, cpuMsPerUrl, audited: durations.length, states, p50: pct(0.5), p95: pct(0.95), max: durations[durations.length - 1], rssBeforeMB, maxRssMB: process.resourceUsage().maxRSS / 1024 }));

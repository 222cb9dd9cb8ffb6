// The SimHash's share of the page fields' CPU (lib/audit/simhash.ts inside lib/audit/page-fields.ts): the bench/audit
// page (a 300-link nav, boilerplate) with main texts of 300, 1,000 and 3,000 words, each parsed in process many times,
// against the SimHash of the same words alone. The audit's whole CPU per URL is bench/audit's (npm run bench:audit).
// Usage: npx tsx bench/audit/simhash-share.ts
import os from "node:os";
import { createFieldScanner } from "../../lib/audit/page-fields";
import { simhash } from "../../lib/audit/simhash";

const filler = Array.from({ length: 300 }, (_, i) => `<li><a href="/catalog/item-${i}">Item ${i}</a></li>`).join("");
const vocabulary = Array.from({ length: 3000 }, (_, i) => `word${i.toString(36)}`);
let seed = 7;
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8;

/** CPU milliseconds per call of `fn`, best of 5 rounds (the machine is shared). */
function cpuMs(fn: () => unknown, calls: number): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < calls; i++) fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000 / calls);
  }
  return best;
}

console.log(`load average ${os.loadavg()[0].toFixed(1)}`);
for (const n of [300, 1000, 3000]) {
  const words = Array.from({ length: n }, () => vocabulary[next() % vocabulary.length]);
  const html = `<!doctype html><html lang="en"><head><title>Item</title></head><body><nav><ul>${filler}</ul></nav><main><h1>Item</h1><p>${words.join(" ")}</p></main></body></html>`;
  const calls = Math.round(600_000 / n);
  const fields = cpuMs(() => {
    const s = createFieldScanner("https://shop-bench.example/catalog/item-1", { links: false });
    s.write(html);
    return s.finish();
  }, calls);
  const hash = cpuMs(() => simhash(words), calls);
  console.log(`${n} words (${(html.length / 1024).toFixed(0)} KB): fields ${fields.toFixed(3)} ms a page, of which the SimHash ${hash.toFixed(3)} ms (${((100 * hash) / fields).toFixed(1)} %)`);
}
console.log(`load average ${os.loadavg()[0].toFixed(1)}`);

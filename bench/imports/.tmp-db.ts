const { db, Prisma } = await import("../../lib/db");
await db.$queryRaw`SELECT 1`;
const m = (l: string) => console.log(l.padEnd(9), Math.round(process.resourceUsage().maxRSS / 1024), "MB max; heap", Math.round(process.memoryUsage().heapUsed / 1e6), "rss", Math.round(process.memoryUsage().rss / 1e6));
const urls = Array.from({ length: 50000 }, (_, i) => `https://shop-bench.example/c${i % 50}/p-${i}?src=feed&v=${"x".repeat(32)}`).join("\n");
const mode = process.argv[2];
m("start");
for (let i = 0; i < 5; i++) {
  const part = urls.slice(i * 700_000, (i + 1) * 700_000);
  const q = mode === "buffer"
    ? Prisma.sql`SELECT count(*)::int AS n FROM unnest(string_to_array(convert_from(${Buffer.from(part)}, 'UTF8'), E'\\n')) AS u`
    : Prisma.sql`SELECT count(*)::int AS n FROM unnest(string_to_array(${part}, E'\\n')) AS u`;
  await db.$queryRaw(q);
}
m(mode);
await db.$disconnect();

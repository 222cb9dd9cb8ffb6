// Writes the benchmark inputs: one 50,000-URL urlset and an index of 20 × 50,000-URL children.
import fs from "node:fs";
import path from "node:path";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

function urlsetXml(child, count) {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`];
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    parts.push(
      `  <url>\n    <loc>https://www.example.com/catalog/section-${child}/category-${i % 97}/product-${i}-some-descriptive-slug</loc>\n` +
        `    <lastmod>2024-03-${day}T10:15:00+00:00</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.7</priority>\n  </url>\n`,
    );
  }
  parts.push("</urlset>\n");
  return parts.join("");
}

/** Returns the file names (relative to dir) of the single sitemap and the index. */
export function generate(dir, { perFile = 50_000, children = 20, origin }) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "single.xml"), urlsetXml("single", perFile));
  const entries = [];
  for (let c = 0; c < children; c++) {
    const name = `child-${String(c).padStart(2, "0")}.xml`;
    fs.writeFileSync(path.join(dir, name), urlsetXml(c, perFile));
    entries.push(`  <sitemap>\n    <loc>${origin}/${name}</loc>\n    <lastmod>2024-03-01</lastmod>\n  </sitemap>\n`);
  }
  fs.writeFileSync(path.join(dir, "index.xml"), `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries.join("")}</sitemapindex>\n`);
  const size = (f) => fs.statSync(path.join(dir, f)).size;
  return {
    single: { file: "single.xml", urls: perFile, bytes: size("single.xml") },
    index: { file: "index.xml", urls: perFile * children, bytes: entries.reduce((n, _, c) => n + size(`child-${String(c).padStart(2, "0")}.xml`), size("index.xml")) },
  };
}

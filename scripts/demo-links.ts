// The demo site's internal links and page text (scripts/demo-world.ts renders them): a home page linking to the
// main pages and the first products, posts and guides; products and posts as trees below them (fan-out 10 and 5);
// a deep section (guides 1-12, one after the other: the last is 12 clicks from home); guides 13-240 linked from
// posts; the last 10 guides, the retired products, /careers and the search pages linked from nowhere (orphans);
// broken links (to a page that never existed, to discontinued products, to sale and promo URLs that redirect, to
// the www host); and, for the duplicate and content views, six guides with the same main text, five thin posts and
// three products that say "Page not found" with a 200.
import type { Entry } from "./demo-world";

export type PageContent = { title: string | null; h1: string; text: string; links: { href: string; text: string }[] };

const SENTENCES = [
  "Every item is tested on the trail by our staff before it reaches the shop.",
  "Free shipping applies to orders over fifty dollars within the continental United States.",
  "Read the size guide and the care instructions before your first trip.",
  "Our repair service keeps worn gear in use for many more seasons.",
  "Weight, packed size and weather protection are listed in the specifications below.",
  "Questions about fit or use are answered by our outdoor specialists within a day.",
  "Pair it with the matching accessories to complete your kit for the season.",
  "Customers rate it highly for durability, comfort and value on long routes.",
  "Check local regulations and conditions before you head into the backcountry.",
  "Returns are accepted within sixty days when the item is unused and complete.",
];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function prose(e: Entry): string {
  const h = hash(e.path);
  const picked = Array.from({ length: 8 }, (_, i) => SENTENCES[(h + i * 7) % SENTENCES.length]);
  return `${e.title} is part of our ${e.section} collection. ${picked.join(" ")} ${e.title} ships from our warehouse in Denver.`;
}

let cache: Map<string, PageContent> | null = null;

export function demoContent(catalogue: Entry[], origin: string): Map<string, PageContent> {
  if (cache) return cache;
  const clean = (e: Entry) => e.kindBefore === "healthy" && e.kindNow === "healthy" && e.changedDaysAgo === null && e.removedDaysAgo === null;
  const products = catalogue.filter((e) => e.section === "products" && !e.path.endsWith("/green") && !e.path.startsWith("/sale") && !e.path.includes("/retired-"));
  const blog = catalogue.filter((e) => e.section === "blog");
  const guides = catalogue.filter((e) => e.section === "guides");
  const pages = catalogue.filter((e) => e.section === "pages" && !e.path.startsWith("/search") && !e.path.startsWith("/promo") && e.path !== "/careers" && e.path !== "/");
  const variants = new Map<string, Entry[]>();
  for (const e of catalogue) if (e.path.endsWith("/green") && e.target) variants.set(e.target, [...(variants.get(e.target) ?? []), e]);
  const link = (e: Entry, text = e.title) => ({ href: e.path, text });
  const out = new Map<string, PageContent>();
  for (const e of catalogue) out.set(e.path, { title: null, h1: e.title, text: prose(e), links: [{ href: "/", text: "Acme Outdoor" }] });
  const add = (e: Entry, ...links: { href: string; text: string }[]) => out.get(e.path)!.links.push(...links);

  const home = catalogue.find((e) => e.path === "/")!;
  add(home, ...pages.map((p) => link(p)), ...products.slice(0, 10).map((p) => link(p)), ...blog.slice(0, 5).map((p) => link(p)), link(guides[0], "Guides"),
    { href: "/old-catalog", text: "Old catalogue" }, { href: "/sale/item-1", text: "Sale" }, { href: `https://www.${new URL(origin).hostname}/about`, text: "About us (www)" });
  out.get("/")!.links = out.get("/")!.links.filter((l) => l.href !== "/");
  products.forEach((p, k) => {
    add(p, ...products.slice(10 * k + 10, 10 * k + 20).map((c) => link(c)), ...(variants.get(p.url) ?? []).map((v) => link(v, "Green")));
  });
  blog.forEach((b, k) => {
    add(b, ...blog.slice(5 * k + 5, 5 * k + 10).map((c) => link(c)));
    if (12 + k < 240 && guides[12 + k]) add(b, link(guides[12 + k], "Read the guide"));
  });
  add(blog[0], { href: "/promo/spring-1", text: "Spring promo" });
  for (let k = 0; k < 11; k++) add(guides[k], link(guides[k + 1], "Next chapter"));

  // Content cases for the duplicate, thin and soft-404 views (pages that answer 200 and stay indexable).
  for (const g of guides.slice(200, 206).filter(clean)) Object.assign(out.get(g.path)!, { title: "The complete packing checklist", h1: "The complete packing checklist", text: "Pack the ten essentials: navigation, a headlamp, sun protection, first aid, a knife, fire, shelter, extra food, extra water and extra clothes. Check the weather, tell someone your route and weigh your pack before you leave. This checklist is the same for every trip." });
  for (const b of blog.slice(300, 305).filter(clean)) Object.assign(out.get(b.path)!, { text: "Coming soon." });
  for (const p of products.slice(700, 703).filter(clean)) Object.assign(out.get(p.path)!, { title: "Page not found", h1: "Page not found", text: "Sorry, the page you are looking for does not exist." });
  cache = out;
  return out;
}

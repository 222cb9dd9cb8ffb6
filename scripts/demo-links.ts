// The demo site's internal links and page text (scripts/demo-world.ts renders them): a home page linking to the
// main pages and the first products, posts and guides; products and posts as trees below them (fan-out 10 and 5);
// a deep section (guides 1-12, one after the other: the last is 12 clicks from home); guides 13-240 linked from
// posts; the last 10 guides, the retired products, /careers and the search pages linked from nowhere (orphans);
// broken links (to a page that never existed, to discontinued products, to sale and promo URLs that redirect, to
// the www host); and, for the duplicate and content views, six guides with the same main text, four guides that are
// near copies (one text, a place name apart), five thin posts and three products that say "Page not found" with a 200.
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

// Words for each page's own notes: without them every page would be the same ten sentences in another order, near
// copies of each other by their SimHash (lib/audit/simhash.ts), and the near-duplicate view would hold the whole site.
const NOTES = ("alpine ridge granite meadow cedar canyon glacier summit valley river lake forest desert tundra coast island "
  + "nylon merino down fleece canvas leather titanium aluminium carbon wool cotton gore ripstop polyester bamboo silk "
  + "warm light sturdy compact quiet bright breathable waterproof windproof packable adjustable padded insulated "
  + "morning evening winter spring summer autumn storm snow rain wind frost sunrise sunset trail route camp hut "
  + "strap buckle zipper pocket hood collar cuff hem seam sole lace frame buckle clip loop handle lid valve").split(" ");

function prose(e: Entry): string {
  const h = hash(e.path);
  const picked = Array.from({ length: 3 }, (_, i) => SENTENCES[(h + i * 3 + (h >>> (8 + i)) % 2) % SENTENCES.length]);
  let x = h;
  const notes = Array.from({ length: 80 }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return NOTES[(x >>> 16) % NOTES.length];
  });
  return `${e.title} is part of our ${e.section} collection. ${picked.join(" ")} Notes from our testers: ${notes.join(" ")}. ${e.title} ships from our warehouse in Denver.`;
}

// Near copies for the near-duplicate view: one guide told again for other states, a place name apart (the near-duplicate
// journey of e2e/diagnosis.spec.ts serves the same four).
export const NEAR_GUIDE = (state: string) => `Layering for a winter day hike in ${state} starts with a base layer that moves sweat away from the skin: merino `
  + "wool or a light synthetic, never cotton, which stays wet and cold. Over it goes an insulating layer, a fleece or a "
  + "thin down jacket, that you take off before the climb and put back on at every stop. The outer shell keeps wind, "
  + "rain and snow out; choose one with vents under the arms so you can let heat out without taking it off. Carry a "
  + "spare pair of gloves, a warm hat and a buff in a dry bag, and keep your water bottle upside down in an insulated "
  + "sleeve so it does not freeze at the lid. Start early, turn around when the light starts to fade, and tell someone "
  + "where you are going and when you will be back. Check the avalanche forecast before any trip above the tree line, "
  + "carry a map and a compass as well as your phone, and learn the early signs of hypothermia: shivering, clumsy hands, "
  + "slurred speech and poor decisions. A thermos of hot tea and a few salty snacks make the last mile much easier.";

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
  ["Colorado", "Utah", "Montana", "Wyoming"].forEach((state, k) => {
    const g = guides[206 + k];
    if (g && clean(g)) Object.assign(out.get(g.path)!, { title: `Winter layering in ${state}`, h1: `Winter layering in ${state}`, text: NEAR_GUIDE(state) });
  });
  for (const b of blog.slice(300, 305).filter(clean)) Object.assign(out.get(b.path)!, { text: "Coming soon." });
  for (const p of products.slice(700, 703).filter(clean)) Object.assign(out.get(p.path)!, { title: "Page not found", h1: "Page not found", text: "Sorry, the page you are looking for does not exist." });
  cache = out;
  return out;
}

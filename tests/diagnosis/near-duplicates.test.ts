// Near-duplicates end to end against our fake site: real audits compute each page's SimHash into its field snapshot
// (no field change, no site change for it), and the diagnosis groups the indexable pages whose main texts are near
// copies (a word changed) apart from exact copies, keeps one page, and gives the others the duplicate cause.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { computeDiagnosis } from "@/lib/diagnosis/compute-diagnosis";
import { getUrlDiagnosis } from "@/lib/diagnosis/get-url-diagnosis";
import { refreshNearDuplicates } from "@/lib/diagnosis/near-duplicates";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { createTestTenant, type TestTenant } from "../factories";
import { addUrls, automatedProject, planned, setBalance, siteRunner } from "../inspections/helpers";
import { seededRandom } from "../seeded-random";
import { SitemapSite } from "../sitemaps/helpers";

vi.setConfig({ testTimeout: 120_000 });

let site: SitemapSite;
let owner: TestTenant;
beforeAll(async () => {
  site = await SitemapSite.start();
  owner = await createTestTenant("near-owner");
  await setBalance(owner.organizationId, 10_000);
});
afterAll(() => site.close());

/** 300 words of a made-up language, seeded. */
function words(seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: 300 }, () => `w${Math.floor(random() * 2000).toString(36)}`);
}
const withWord = (text: string[], at: number, word: string) => text.map((w, i) => (i === at ? word : w));

function serve(domain: string, pages: Record<string, { text: string[]; robots?: string }>) {
  site.set(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
  for (const [path, p] of Object.entries(pages)) {
    const head = `<title>${path}</title>${p.robots ? `<meta name="robots" content="${p.robots}">` : ""}`;
    const body = `<nav><a href="/">Home</a> ${path}</nav><main><h1>Guide</h1><p>${p.text.join(" ")}</p></main><footer>© Shop</footer>`;
    site.set(domain, path, { body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`, contentType: "text/html" });
  }
}

async function cycle(p: Awaited<ReturnType<typeof automatedProject>>, domain: string, now: Date) {
  await db.trackedUrl.updateMany({ where: { projectId: p.id }, data: { nextInspectionAt: new Date(now.getTime() - 60_000) } });
  return inspectPlannedProject(planned(p, 1000), { runner: siteRunner(site.fetcher([domain])), now: () => now });
}

describe("near-duplicates against the fake site", () => {
  it("groups near copies apart from exact ones, keeps one page, and explains the others' cause", async () => {
    const domain = site.domain("near");
    const p = await automatedProject({ ...owner }, { domain });
    const urls = await addUrls(p, 8, null, "g");
    const path = (i: number) => `/g${i}`;
    const base = words(1);
    const pages: Record<string, { text: string[]; robots?: string }> = {
      [path(0)]: { text: base },
      [path(1)]: { text: withWord(base, 40, "changed") }, // a near copy
      [path(2)]: { text: withWord(base, 200, "other") }, // another near copy
      [path(3)]: { text: base }, // an exact copy of g0
      [path(4)]: { text: withWord(base, 90, "print"), robots: "noindex" }, // near, but not indexable
      [path(5)]: { text: words(5) },
      [path(6)]: { text: words(6) },
      [path(7)]: { text: words(7).slice(0, 12) }, // too short for a SimHash
    };
    serve(domain, pages);
    let t = Date.now();
    expect(await cycle(p, domain, new Date((t += 60_000)))).toMatchObject({ inspected: 8, failed: 0 });

    const snapshots = new Map((await db.urlFieldSnapshot.findMany({ where: { projectId: p.id } })).map((s) => [s.trackedUrlId, s.fields as Record<string, string>]));
    const idOf = (i: number) => urls.find((u) => u.url.endsWith(path(i)))!.id;
    expect(snapshots.get(idOf(0))!.simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(snapshots.get(idOf(3))!.simhash).toBe(snapshots.get(idOf(0))!.simhash);
    expect(snapshots.get(idOf(7))!.simhash).toBeNull();

    // Google has crawled each page and not indexed it, so the content rules decide.
    await db.trackedUrl.updateMany({ where: { projectId: p.id }, data: { engineAState: "crawled_not_indexed", engineALastCrawlAt: new Date() } });
    // g0 has the most internal links: the page kept, of the exact group and of the near one alike.
    const g0 = urls.find((u) => u.id === idOf(0))!;
    await db.urlFact.create({ data: { trackedUrlId: g0.id, projectId: p.id, discoveredAt: g0.discoveredAt, inlinks: 9 } });
    const run = await computeDiagnosis(owner.ctx, p.id);
    expect(run.groups).toMatchObject({ content: 1, near_content: 1 });
    const [near] = await db.duplicateGroup.findMany({ where: { projectId: p.id, kind: "near_content" } });
    expect(near).toMatchObject({ urls: 4, canonicalUrlId: idOf(0) });
    expect(near.sampleUrls.slice().sort()).toEqual([0, 1, 2, 3].map((i) => `https://${domain}${path(i)}`));
    expect(near.similarity).toBeGreaterThanOrEqual(95);
    expect((await db.nearDuplicate.findMany({ where: { projectId: p.id } })).map((m) => m.trackedUrlId).sort()).toEqual([0, 1, 2, 3].map(idOf).sort());

    const cause = async (i: number) => (await getUrlDiagnosis(owner.ctx, p.id, idOf(i))).engineA;
    expect((await cause(0)).cause).not.toBe("duplicate");
    const g1 = await cause(1);
    expect(g1.cause).toBe("duplicate");
    expect(g1.evidence[0].text).toMatch(new RegExp(`^Its main text is (9[5-9]|100) % similar to https://${domain.replace(/\./g, "\\.")}/g0 \\(4 pages`));
    expect((await cause(3)).evidence[0].text).toContain(`is the same as https://${domain}/g0`); // the exact rule comes first
    expect((await cause(4)).cause).toBe("noindex");

    // g1 gets a text of its own: its SimHash moves, with no field change of its own, and it leaves the group.
    serve(domain, { ...pages, [path(1)]: { text: words(11) } });
    await cycle(p, domain, new Date((t += 60_000)));
    const changed = await db.urlFieldChange.findMany({ where: { projectId: p.id }, select: { field: true, trackedUrlId: true } });
    expect(changed).toEqual([{ field: "main_text_hash", trackedUrlId: idOf(1) }]);
    expect((await db.urlFieldSnapshot.findUniqueOrThrow({ where: { trackedUrlId: idOf(1) } })).fields).toMatchObject({ simhash: expect.not.stringMatching(snapshots.get(idOf(1))!.simhash) });
    expect(await db.siteChange.count({ where: { projectId: p.id } })).toBe(0);
    await computeDiagnosis(owner.ctx, p.id);
    expect((await db.duplicateGroup.findFirstOrThrow({ where: { projectId: p.id, kind: "near_content" } })).urls).toBe(3);
    expect((await cause(1)).cause).not.toBe("duplicate");

    // The step alone replaces its own groups (as the benchmark runs it), twice over: still one group, three pages.
    for (let i = 0; i < 2; i++) expect(await withTransaction(owner.ctx, (ctx) => refreshNearDuplicates(ctx, p.id, new Date()))).toMatchObject({ groups: 1, pages: 3 });
    expect(await db.duplicateGroup.count({ where: { projectId: p.id, kind: "near_content" } })).toBe(1);
    expect(await db.nearDuplicate.count({ where: { projectId: p.id } })).toBe(3);
  });
});

// Which tracked URL a logged path is: read once per run for a project of bounded size, asked per chunk beyond it; both
// give the same answers (https preferred over http).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { TrackedUrlResolver } from "@/lib/crawl-logs/aggregate/resolve-tracked-urls";
import { createTestTenant } from "../factories";
import { admit, projectFor, type Target } from "../urls/helpers";

let t: Target;
let id: Record<string, string>;

beforeAll(async () => {
  t = await projectFor(await createTestTenant("crawl-resolve"));
  const urls = [`https://${t.domain}/both`, `http://${t.domain}/both`, `http://${t.domain}/plain-only`, `https://${t.domain}/a?b=1`];
  const { res } = await admit(t, urls);
  expect(res.status).toBeLessThan(300);
  id = Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: t.projectId } })).map((u) => [u.url, u.id]));
  expect(Object.keys(id)).toHaveLength(4);
});

describe("resolving logged paths to tracked URLs", () => {
  for (const preload of [true, false]) {
    it(preload ? "from the project's URLs read once" : "asked per chunk (a project beyond the preload size)", async () => {
      const resolver = new TrackedUrlResolver(t.projectId, t.domain);
      expect(await resolver.preload(preload ? 1000 : 2)).toBe(preload);
      const paths = ["/both", "/plain-only", "/a?b=1", "/missing"];
      const idOf = await resolver.resolve(paths);
      expect(paths.map(idOf)).toEqual([id[`https://${t.domain}/both`], id[`http://${t.domain}/plain-only`], id[`https://${t.domain}/a?b=1`], null]);
    });
  }
});

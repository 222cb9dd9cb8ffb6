import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anchorsOf, brokenDocLinks, brokenLinks, docFiles, githubSlug, headingText, linksOf } from "./markdown-links";

// The docs stay true to themselves: in README.md and docs/**/*.md every relative link names a file that exists and
// every #anchor a heading of its target, as GitHub slugs headings. External links are not checked.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** brokenLinks over in-memory files (paths relative to a pretend repository). */
function check(files: Record<string, string>) {
  return brokenLinks(Object.keys(files).filter((f) => f.endsWith(".md")), (f) => files[f],
    (f) => f in files || Object.keys(files).some((k) => k.startsWith(`${f}/`)));
}

describe("GitHub's heading anchors", () => {
  it("lower-cases, drops punctuation but - and _, and turns each space into -", () => {
    expect(githubSlug("Crawl activity: uploads, push, what is kept")).toBe("crawl-activity-uploads-push-what-is-kept");
    expect(githubSlug("Fetching customers' sites")).toBe("fetching-customers-sites");
    expect(githubSlug("A new job (Inngest) & its test")).toBe("a-new-job-inngest--its-test");
    expect(githubSlug("url_json cache – 2 MiB")).toBe("url_json-cache--2-mib");
    expect(githubSlug("Émile's café")).toBe("émiles-café");
  });

  it("slugs the text a heading shows: code keeps its content, links their text", () => {
    expect(githubSlug(headingText("The `GET …/urls` [list](x.md) **fast** ##"))).toBe("the-get-urls-list-fast");
  });

  it("numbers repeated headings -1, -2 and ignores headings inside code blocks and comments", () => {
    const md = "# Tests\n\n## Tests\n\n```bash\n# Tests\n```\n\n<!--\n## Hidden\n-->\n\nSetext\n---\n\n## Tests\n\n- item\n---\n";
    expect([...anchorsOf(md)].sort()).toEqual(["setext", "tests", "tests-1", "tests-2"]);
  });
});

describe("link extraction", () => {
  it("finds inline links, images and definitions, not those in code spans, code blocks or comments", () => {
    const md = "See [a](a.md#x) and ![i](img.png \"title\") and `[no](code.md)`.\n\n```\n[no](block.md)\n```\n<!-- [no](c.md) -->\n[ref]: ref.md\n";
    expect(linksOf(md).map((l) => l.target)).toEqual(["a.md#x", "img.png", "ref.md"]);
  });
});

describe("the link check", () => {
  const good = {
    "README.md": "# Title\n\n## Quick start\n\n[docs](docs/README.md), [start](#quick-start), [api](docs/api.md#error-codes), [home](https://example.com/x.md), [dir](docs/)\n",
    "docs/README.md": "# Docs\n\n[back](../README.md#title), [code](../lib/a.ts#L3-L5)\n",
    "docs/api.md": "# API\n\n## Error codes\n",
    "lib/a.ts": "export {};\n",
  };

  it("passes a set of docs whose links all resolve", () => {
    expect(check(good)).toEqual([]);
  });

  it("fails on a missing file, a missing anchor, in-page or in another file, and a bad line anchor", () => {
    const broken = check({
      ...good,
      "docs/README.md": "# Docs\n\n[gone](guide/gone.md)\n[bad](../README.md#no-such-heading)\n[self](#nowhere)\n[code](../lib/a.ts#foo)\n[up](../../x.md)\n",
    });
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [3, "guide/gone.md"], [4, "../README.md#no-such-heading"], [5, "#nowhere"], [6, "../lib/a.ts#foo"], [7, "../../x.md"],
    ]);
    expect(broken[1].problem).toBe("no heading of README.md has the anchor #no-such-heading");
  });
});

describe("README.md and docs/", () => {
  it("cover the docs index and its pages", () => {
    const files = docFiles(ROOT);
    expect(files).toContain("README.md");
    expect(files).toContain("docs/README.md");
    expect(files).toContain("docs/benchmarks.md");
  });

  it("have no broken relative link or anchor", () => {
    const broken = brokenDocLinks(ROOT).map((b) => `${b.file}:${b.line} ${b.target}: ${b.problem}`);
    expect(broken).toEqual([]);
  });

  it("keep the README what a newcomer reads first: at most 15 KB", () => {
    const size = Buffer.byteLength(readFileSync(path.join(ROOT, "README.md"), "utf8"));
    expect(size).toBeLessThanOrEqual(15 * 1024);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Long tokens (URLs, domains, paths, emails) wrap where they must, at sensible points: `wrap-anywhere`
// (overflow-wrap: anywhere) breaks only a token that does not fit, where `break-all` (word-break: break-all) cut
// every word at the box's edge ("acme-outdoor.e2e.tes t/contact", "ap i/ingest/logs").
const root = path.resolve(import.meta.dirname, "../..");

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  return e.isDirectory() ? files(p) : /\.(tsx?|css)$/.test(e.name) ? [p] : [];
});

describe("word breaking", () => {
  it("no page breaks words anywhere with break-all or word-break", () => {
    const found = ["app", "components"].flatMap((d) => files(path.join(root, d)))
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .flatMap((f) => readFileSync(path.join(root, f), "utf8").split("\n")
        .flatMap((line, i) => (/\bbreak-all\b|word-break\s*:/.test(line) ? [`${f}:${i + 1}`] : [])));
    expect(found).toEqual([]);
  });
});

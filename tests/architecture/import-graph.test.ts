import path from "node:path";
import { describe, expect, it } from "vitest";
import { circles, edgesWithin, fileGraph, folderGraph } from "./import-graph";

// The layering of lib/ (docs/architecture.md): lib/core is the floor and imports nothing of lib/;
// areas stand on it and on each other without circles; lib/api (the HTTP edge and the OpenAPI
// declarations) is the top, and no area imports it.
const root = path.resolve(import.meta.dirname, "../..");
const files = fileGraph(root);
const folders = folderGraph(files);

describe("the import graph of lib/", () => {
  it("has no circle between folders", () => {
    expect(circles(folders).map((c) => edgesWithin(folders, c))).toEqual([]);
  });

  it("has no circle between files, type-only imports included", () => {
    expect(circles(files).map((c) => edgesWithin(files, c))).toEqual([]);
  });

  it("keeps lib/core a floor: it imports nothing of lib/", () => {
    expect([...(folders.get("core") ?? [])]).toEqual([]);
  });

  it("keeps lib/api the top: no other folder imports it", () => {
    expect([...folders].filter(([from, to]) => from !== "api" && to.has("api")).map(([from]) => from)).toEqual([]);
  });

  it("finds a circle when there is one (the check itself)", () => {
    const graph = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], ["d", new Set(["a"])]]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
  });
});

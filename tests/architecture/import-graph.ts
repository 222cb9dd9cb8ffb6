// The import graph of lib/: every relative or "@/lib/..." import (type-only ones too), by file and by
// folder. Read from the source, so it needs neither a build nor a bundler.
import fs from "node:fs";
import path from "node:path";

export type Graph = Map<string, Set<string>>;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sourceFiles(f);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [f] : [];
  });
}

function resolveFile(spec: string, from: string, root: string): string | null {
  const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** File → the files of lib/ it imports. */
export function fileGraph(root: string): Graph {
  const lib = path.join(root, "lib");
  const graph: Graph = new Map();
  for (const file of sourceFiles(lib)) {
    const targets = new Set<string>();
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveFile(m[1] ?? m[2], file, root);
      if (target?.startsWith(lib + path.sep)) targets.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** Folder of lib/ → the other folders of lib/ it imports. */
export function folderGraph(files: Graph): Graph {
  const folder = (f: string) => f.split(path.sep)[1];
  const graph: Graph = new Map();
  for (const [from, targets] of files) {
    const edges = graph.get(folder(from)) ?? new Set<string>();
    for (const t of targets) if (folder(t) !== folder(from)) edges.add(folder(t));
    graph.set(folder(from), edges);
  }
  return graph;
}

/** The strongly connected components with more than one node (Tarjan): each is a circle. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const order = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index); low.set(v, index); index++; stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return out;
}

/** The import lines that close a circle: edges between members of one component, for the failure message. */
export function edgesWithin(graph: Graph, component: string[]): string[] {
  const members = new Set(component);
  return component.flatMap((from) => [...(graph.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} → ${to}`));
}

import { isNofollow } from "./pack";

/**
 * A project's link graph in compact typed arrays: node numbers 1..maxNode, the edges of every source node
 * laid out contiguously (sources in ascending order, a node's raw and rendered rows one after the other).
 */
export interface LinkGraph {
  maxNode: number;
  /** Edge targets (node numbers). */
  edges: Int32Array;
  /** One bit per edge: the link is rel=nofollow. */
  nofollow: Uint8Array;
  /** For each node, its first edge and one past its last (both 0 for a node without outlinks). */
  start: Int32Array;
  end: Int32Array;
  /** 1 for a node that is a tracked URL (an audited page's links count as inlinks; others only for depth). */
  tracked: Uint8Array;
}

export interface GraphBuilder {
  /**
   * Adds one page_links row, read in place from `bytes` (no object per row): `count` targets (big-endian int32) from
   * `at`, then its nofollow bitset of `bitsLength` bytes. Rows come in ascending source order.
   */
  add(source: number, bytes: Uint8Array, at: number, count: number, bitsLength: number): void;
  finish(): LinkGraph;
}

/**
 * Builds the graph for at most `edgeCount` edges (known up front: the rows' total targets) and nodes 1..maxNode. A
 * page's raw and rendered rows (kinds 0 and 1, one after the other) make one set of edges: a target linked in either
 * is one edge, nofollow only when every link to it, raw or rendered, says so (as within one row: page-links.ts).
 */
export function graphBuilder(maxNode: number, edgeCount: number, tracked: Uint8Array): GraphBuilder {
  const edges = new Int32Array(edgeCount);
  const nofollow = new Uint8Array((edgeCount + 7) >> 3);
  const start = new Int32Array(maxNode + 1);
  const end = new Int32Array(maxNode + 1);
  let n = 0;
  // For a source with a second row only (allocated the first time): its targets so far, and where their edge is.
  let owner: Int32Array | null = null;
  let edgeOf: Int32Array | null = null;
  return {
    add(source, bytes, at, rowCount, bitsLength) {
      const count = Math.min(rowCount, edgeCount - n);
      if (source < 1 || source > maxNode || count <= 0) return;
      const again = end[source] === n && end[source] > start[source];
      if (!again) start[source] = n;
      else {
        owner ??= new Int32Array(maxNode + 1);
        edgeOf ??= new Int32Array(maxNode + 1);
        for (let e = start[source]; e < n; e++) {
          owner[edges[e]] = source;
          edgeOf[edges[e]] = e;
        }
      }
      const bitsAt = at + rowCount * 4;
      for (let i = 0; i < count; i++) {
        const p = at + i * 4;
        const t = (bytes[p] << 24) | (bytes[p + 1] << 16) | (bytes[p + 2] << 8) | bytes[p + 3];
        if (t < 1 || t > maxNode) continue;
        const nf = (i >> 3) < bitsLength && (bytes[bitsAt + (i >> 3)] & (1 << (i & 7))) !== 0;
        if (again && owner![t] === source) {
          if (!nf) nofollow[edgeOf![t] >> 3] &= ~(1 << (edgeOf![t] & 7));
          continue;
        }
        if (again) {
          owner![t] = source;
          edgeOf![t] = n;
        }
        if (nf) nofollow[n >> 3] |= 1 << (n & 7);
        edges[n++] = t;
      }
      end[source] = n;
    },
    finish: () => ({ maxNode, edges: edges.subarray(0, n), nofollow, start, end, tracked }),
  };
}

export const SAMPLE_SOURCES = 5;

export interface GraphMetrics {
  /** Distinct tracked pages linking to each node (a page's self-link not counted). */
  inlinks: Int32Array;
  /** 1 when at least one of those links is followed. */
  followed: Uint8Array;
  /** Clicks from the start node(s), -1 when unreachable. */
  depth: Int32Array;
  /** Up to SAMPLE_SOURCES linking pages per node (0 = none), SAMPLE_SOURCES slots per node. */
  samples: Int32Array;
}

/**
 * Inlinks, followed flags and samples in one pass over the edges; click depth by breadth-first search from
 * `starts` over every link (nofollow ones too: a person can click them). O(nodes + edges), no allocation per node.
 */
export function computeMetrics(g: LinkGraph, starts: number[]): GraphMetrics {
  const size = g.maxNode + 1;
  const inlinks = new Int32Array(size);
  const followed = new Uint8Array(size);
  const samples = new Int32Array(size * SAMPLE_SOURCES);
  const lastSource = new Int32Array(size);
  for (let s = 1; s < size; s++) {
    if (!g.tracked[s]) continue;
    for (let e = g.start[s]; e < g.end[s]; e++) {
      const t = g.edges[e];
      if (t === s) continue;
      if (!isNofollow(g.nofollow, e)) followed[t] = 1;
      if (lastSource[t] === s) continue;
      lastSource[t] = s;
      if (inlinks[t] < SAMPLE_SOURCES) samples[t * SAMPLE_SOURCES + inlinks[t]] = s;
      inlinks[t]++;
    }
  }
  const depth = new Int32Array(size).fill(-1);
  const queue = lastSource; // reused: its contents are no longer needed
  let head = 0;
  let tail = 0;
  for (const s of starts) {
    if (s >= 1 && s < size && depth[s] < 0) {
      depth[s] = 0;
      queue[tail++] = s;
    }
  }
  while (head < tail) {
    const s = queue[head++];
    const d = depth[s] + 1;
    for (let e = g.start[s]; e < g.end[s]; e++) {
      const t = g.edges[e];
      if (depth[t] < 0) {
        depth[t] = d;
        queue[tail++] = t;
      }
    }
  }
  return { inlinks, followed, depth, samples };
}

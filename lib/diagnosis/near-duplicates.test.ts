import { describe, expect, it } from "vitest";
import { popcount32 } from "@/lib/core/bits";
import { seededRandom } from "@/tests/seeded-random";
import { BUCKET_WINDOW, NEAR_BITS, nearGroups } from "./near-duplicates";

const u32 = (random: () => number) => Math.floor(random() * 2 ** 32) >>> 0;
const distance = (hi: Uint32Array, lo: Uint32Array, x: number, y: number) => popcount32(hi[x] ^ hi[y]) + popcount32(lo[x] ^ lo[y]);

/** `n` random hashes, a third of them copies of an earlier one with 0 to 5 bits flipped (near and not so near). */
function hashes(seed: number, n: number) {
  const random = seededRandom(seed);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && random() < 0.33) {
      const of = Math.floor(random() * i);
      hi[i] = hi[of];
      lo[i] = lo[of];
      for (let f = Math.floor(random() * 6); f > 0; f--) {
        const bit = Math.floor(random() * 64);
        if (bit < 32) hi[i] ^= 1 << bit;
        else lo[i] ^= 1 << (bit - 32);
      }
    } else {
      hi[i] = u32(random);
      lo[i] = u32(random);
    }
  }
  return { hi, lo };
}

/** The groups of all pairs within `bits`, compared one by one (union-find), as sorted lists of members. */
function bruteForce(hi: Uint32Array, lo: Uint32Array, n: number, bits: number): string[] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) if (distance(hi, lo, x, y) <= bits) parent[Math.max(find(x), find(y))] = Math.min(find(x), find(y));
  return groupsOf(Int32Array.from(parent.map((_, i) => find(i))));
}

function groupsOf(root: Int32Array): string[] {
  const by = new Map<number, number[]>();
  root.forEach((r, i) => by.set(r, [...(by.get(r) ?? []), i]));
  return [...by.values()].filter((g) => g.length > 1).map((g) => g.join(",")).sort();
}

describe("near-duplicate banding", () => {
  it("finds exactly the groups of all pairs within 3 bits, against comparing every pair", () => {
    for (const seed of [1, 2, 3]) {
      const n = 3000;
      const { hi, lo } = hashes(seed, n);
      const found = nearGroups(hi, lo, n);
      const expected = bruteForce(hi, lo, n, NEAR_BITS);
      expect(expected.length).toBeGreaterThan(100);
      expect(groupsOf(found.root)).toEqual(expected);
      // Four bands of a few thousand random hashes share buckets rarely: far fewer comparisons than the 4.5 million pairs.
      expect(found.comparisons).toBeLessThan(20_000);
    }
  });

  it("finds a pair that differs in 3 bits, one in each of three bands, and not one that differs in 4", () => {
    const hi = Uint32Array.from([0x12345678, 0x12345678 ^ 0x00010001, 0x12345678 ^ 0x00010001]);
    const lo = Uint32Array.from([0x9abcdef0, 0x9abcdef0 ^ 0x00010000, 0x9abcdef0 ^ 0x00010001]);
    expect(groupsOf(nearGroups(hi, lo, 2).root)).toEqual(["0,1"]);
    const far = nearGroups(Uint32Array.from([hi[0], hi[2]]), Uint32Array.from([lo[0], lo[2]]), 2);
    expect(groupsOf(far.root)).toEqual([]);
  });

  it("caps a bucket: 50,000 pages sharing a band cost at most 32 comparisons each per band, and copies still chain", () => {
    const n = 50_000;
    const random = seededRandom(9);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    // One template: the top 16 bits shared by every page, the rest random; plus 100 exact copies of page 0 spread out.
    for (let i = 0; i < n; i++) {
      hi[i] = ((0xbeef << 16) | (u32(random) & 0xffff)) >>> 0;
      lo[i] = u32(random);
    }
    for (let c = 1; c <= 100; c++) {
      hi[c * 400] = hi[0];
      lo[c * 400] = lo[0];
    }
    const found = nearGroups(hi, lo, n);
    expect(found.comparisons).toBeLessThanOrEqual(4 * n * BUCKET_WINDOW);
    expect(found.comparisons).toBeGreaterThan(n * BUCKET_WINDOW * 0.9);
    const copies = [0, ...Array.from({ length: 100 }, (_, c) => (c + 1) * 400)];
    expect(new Set(copies.map((i) => found.root[i])).size).toBe(1);
  });
});

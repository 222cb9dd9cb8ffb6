import { describe, expect, it } from "vitest";
import { THRESHOLDS } from "@/lib/diagnosis/causes";
import { seededRandom } from "@/tests/seeded-random";
import { createFieldScanner } from "./page-fields";
import { popcount32 } from "@/lib/core/bits";
import { hammingDistance, SIMHASH_MIN_WORDS, simhash } from "./simhash";

/** `count` words drawn from a vocabulary of 2,000 made-up words, seeded. */
function text(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => `w${Math.floor(random() * 2000).toString(36)}`);
}

describe("simhash", () => {
  it("is 16 hex characters, the same for the same words, case of ASCII letters ignored", () => {
    const words = text(1, 300);
    const h = simhash(words);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(simhash([...words])).toBe(h);
    expect(simhash(words.map((w) => w.toUpperCase()))).toBe(h);
  });

  it("moves at most 3 bits when one word of a 300-word text changes, in nearly every text (majority votes near the middle flip)", () => {
    const distances = Array.from({ length: 200 }, (_, i) => {
      const words = text(i + 1, 300);
      const changed = [...words];
      changed[Math.floor(seededRandom((i + 1) * 7)() * 300)] = "replaced";
      return hammingDistance(simhash(words)!, simhash(changed)!);
    });
    expect(distances.filter((d) => d <= 3).length).toBeGreaterThanOrEqual(180);
    expect(distances.reduce((a, b) => a + b, 0) / distances.length).toBeLessThan(2);
  });

  it("keeps unrelated texts far apart (about half of the 64 bits)", () => {
    const distances = Array.from({ length: 50 }, (_, i) => hammingDistance(simhash(text(100 + i, 300))!, simhash(text(200 + i, 300))!));
    expect(Math.min(...distances)).toBeGreaterThan(12);
    const mean = distances.reduce((a, b) => a + b, 0) / distances.length;
    expect(mean).toBeGreaterThan(26);
    expect(mean).toBeLessThan(38);
  });

  it("counts each occurrence: a text repeating half of its words is far from the original", () => {
    const words = text(3, 300);
    expect(hammingDistance(simhash(words)!, simhash([...words, ...words.slice(0, 150), ...words.slice(0, 150)])!)).toBeGreaterThan(3);
  });

  it("is null under the content key's word floor", () => {
    expect(SIMHASH_MIN_WORDS).toBe(THRESHOLDS.nearEmptyWords);
    expect(simhash(text(4, SIMHASH_MIN_WORDS - 1))).toBeNull();
    expect(simhash(text(4, SIMHASH_MIN_WORDS))).toMatch(/^[0-9a-f]{16}$/);
  });

  it("counts bits", () => {
    expect([0, 1, 0xff, 0x80000000, 0xffffffff, 0x55555555].map(popcount32)).toEqual([0, 1, 8, 1, 32, 16]);
    expect(hammingDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hammingDistance("0123456789abcdef", "0123456789abcdee")).toBe(1);
  });

  it("is a field of the page's main text (boilerplate left out)", () => {
    const body = text(5, 120).join(" ");
    const page = (extra: string) => {
      const s = createFieldScanner("https://shop.example/a");
      s.write(`<html><head><title>A</title></head><body><nav>${extra}</nav><main><p>${body}</p></main></body></html>`);
      return s.finish();
    };
    expect(page("Home").simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(page("Home Shop Cart").simhash).toBe(page("Home").simhash);
  });
});

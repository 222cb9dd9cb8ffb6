import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HostPacer } from "./host-pacer";
import { clean } from "./sanitize";

describe("HostPacer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("spaces starts on one host by the delay, in call order, and leaves other hosts alone", async () => {
    const pacer = new HostPacer(() => Date.now());
    const t0 = Date.now();
    const started: [string, number][] = [];
    const go = (host: string) => pacer.wait(host, 1000).then(() => void started.push([host, Date.now() - t0]));
    const all = Promise.all([go("a"), go("a"), go("b"), go("a")]);
    await vi.advanceTimersByTimeAsync(5000);
    await all;
    expect(started).toEqual([["a", 0], ["b", 0], ["a", 1000], ["a", 2000]]);
  });

  it("counts a start made elsewhere (robots.txt) and does nothing without a delay", async () => {
    const pacer = new HostPacer(() => Date.now());
    const t0 = Date.now();
    let at = -1;
    const waiting = pacer.wait("a", 500, t0 - 100).then(() => (at = Date.now() - t0));
    await vi.advanceTimersByTimeAsync(1000);
    await waiting;
    expect(at).toBe(400);
    let immediate = false;
    await pacer.wait("a", 0).then(() => (immediate = true));
    expect(immediate).toBe(true);
  });
});

describe("clean", () => {
  it("strips NUL and caps without splitting a surrogate pair", () => {
    expect(clean("a\u0000b", 10)).toBe("ab");
    expect(clean("abcdef", 3)).toBe("abc");
    expect(clean("ab😀", 3)).toBe("ab");
  });
});

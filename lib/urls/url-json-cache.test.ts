import { afterEach, describe, expect, it, vi } from "vitest";

// URL_JSON_CACHE_MB is read when the module loads: each case loads a fresh copy under its own value.
async function cacheUnder(value: string | undefined) {
  vi.resetModules();
  if (value === undefined) vi.unstubAllEnvs();
  else vi.stubEnv("URL_JSON_CACHE_MB", value);
  return import("./url-json-cache");
}
afterEach(() => vi.unstubAllEnvs());

describe("url-json-cache", () => {
  it("holds the URLs of a page's last answer at the versions read, and not a URL since changed", async () => {
    const cache = await cacheUnder(undefined);
    cache.keepUrlJson("u1", "100", '{"id":"u1"}');
    cache.keepUrlJson("u2", "200", '{"id":"u2"}');
    cache.rememberUrlVersions("page", ["u1:100", "u2:200"]);
    expect([...cache.heldUrlsOf("page")]).toEqual([["u1:100", '{"id":"u1"}'], ["u2:200", '{"id":"u2"}']]);
    // u2 printed again at a newer version (another page read it after a change): this page no longer holds it.
    cache.keepUrlJson("u2", "201", '{"id":"u2","changed":true}');
    expect([...cache.heldUrlsOf("page").keys()]).toEqual(["u1:100"]);
    expect(cache.heldUrlsOf("another page").size).toBe(0);
    // An empty answer forgets the page.
    cache.rememberUrlVersions("page", []);
    expect(cache.heldUrlsOf("page").size).toBe(0);
  });

  it("takes a fraction of a megabyte, turns off at 0, and keeps its default for a value that is not a number", async () => {
    for (const [value, holds] of [["0.3", true], ["0", false], ["1e-9", false], ["abc", true], [" ", true]] as const) {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const cache = await cacheUnder(value);
      cache.keepUrlJson("u", "1", "{}");
      cache.rememberUrlVersions("p", ["u:1"]);
      expect(cache.heldUrlsOf("p").size, value).toBe(holds ? 1 : 0);
      expect(warn.mock.calls.length, value).toBe(value === "abc" ? 1 : 0);
      warn.mockRestore();
    }
  });
});

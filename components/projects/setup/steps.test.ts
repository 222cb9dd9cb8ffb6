import { describe, expect, it } from "vitest";
import { attentionSetupSteps, completedSetupSteps, initialSetupStep, stepFromSearch } from "./steps";

const at = "2026-11-22T00:00:00.000Z";

describe("setup resumes where it stopped", () => {
  it("opens at the first step the project has no result for", () => {
    expect(initialSetupStep({ lastAvailabilityCheckAt: null, verified: false, lastSitemapSyncAt: null })).toBe("probe");
    expect(initialSetupStep({ lastAvailabilityCheckAt: at, verified: false, lastSitemapSyncAt: null })).toBe("ownership");
    // A skipped ownership proof brings a reopened setup back to it, even after the sync.
    expect(initialSetupStep({ lastAvailabilityCheckAt: at, verified: false, lastSitemapSyncAt: at })).toBe("ownership");
    expect(initialSetupStep({ lastAvailabilityCheckAt: at, verified: true, lastSitemapSyncAt: null })).toBe("sync");
    expect(initialSetupStep({ lastAvailabilityCheckAt: at, verified: true, lastSitemapSyncAt: at })).toBe("done");
  });

  it("marks as done only the steps whose result the project holds", () => {
    expect([...completedSetupSteps({ lastAvailabilityCheckAt: at, verified: false, lastSitemapSyncAt: at })]).toEqual(["domain", "probe", "sync"]);
  });

  it("gives no tick to a site check of a site that did not answer, and flags it instead", () => {
    const unreachable = { lastAvailabilityCheckAt: at, verified: false, lastSitemapSyncAt: null, robotsTxtPresent: null };
    expect([...completedSetupSteps(unreachable)]).toEqual(["domain"]);
    expect([...attentionSetupSteps(unreachable)]).toEqual(["probe"]);
    const answered = { ...unreachable, robotsTxtPresent: false };
    expect([...completedSetupSteps(answered)]).toEqual(["domain", "probe"]);
    expect([...attentionSetupSteps(answered)]).toEqual([]);
  });

  it("reads the step the person moved to from the address, nothing else", () => {
    expect(stepFromSearch("done")).toBe("done");
    expect(stepFromSearch("sync")).toBe("sync");
    for (const v of [null, undefined, "", "DONE", "toString", "constructor"]) expect(stepFromSearch(v)).toBeNull();
  });
});

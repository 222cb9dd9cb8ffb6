// The likely cause of a drop, read from the URL's latest audit and the fields that changed in the window.
import { describe, expect, it } from "vitest";
import { dropCause } from "@/lib/engine-sync";

const audit = (over: Record<string, unknown> = {}) => ({
  healthState: "healthy", httpStatus: 200, indexability: "indexable", canonicalUrl: null, robots: null, wafVendor: null, detected: [], ...over,
});

describe("dropCause", () => {
  it.each([
    ["robots.txt disallow", audit({ indexability: "blocked_by_robots", robots: { blockedFor: ["engineA"], rule: { line: 2, directive: "disallow", value: "/" } } }), ["indexability"], "robots_txt_disallow"],
    ["WAF challenge", audit({ wafVendor: "cloudflare", detected: ["waf_challenge_detected"], httpStatus: 403 }), ["httpStatus"], "waf_challenge"],
    ["new noindex", audit({ indexability: "noindex", metaRobots: "noindex" }), ["indexability", "metaRobots"], "new_noindex"],
    ["canonical moved", audit({ indexability: "canonicalized", canonicalUrl: "https://example.com/other" }), ["canonicalUrl", "indexability"], "canonical_moved"],
    ["status change", audit({ healthState: "client_error", httpStatus: 404, indexability: "unknown" }), ["healthState", "httpStatus"], "status_change"],
    ["nothing changed", audit(), [], "no_change_on_our_side"],
  ])("%s", (_name, state, changed, cause) => {
    expect(dropCause(state, changed)).toBe(cause);
  });

  it("no audit at all: no change on our side", () => {
    expect(dropCause(null, [])).toBe("no_change_on_our_side");
  });
});

import { describe, expect, it } from "vitest";
import { safeCallbackPath, signInPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeCallbackPath("/projects/abc/urls?page=2#top")).toBe("/projects/abc/urls?page=2#top");
    expect(safeCallbackPath("/settings/account")).toBe("/settings/account");
  });

  it.each([
    undefined, null, "", "projects", "https://evil.example/x", "//evil.example/x", "/\\evil.example/x", "/\tevil", "/\n//evil.example", "javascript:alert(1)",
    "/sign-in?callbackUrl=/x", "/check-email",
  ])("falls back to /projects for %j", (value) => {
    expect(safeCallbackPath(value)).toBe("/projects");
  });

  it("normalizes dot segments without leaving the site", () => {
    expect(safeCallbackPath("/../../etc")).toBe("/etc");
  });
});

describe("signInPath", () => {
  it("carries the path back as callbackUrl", () => {
    expect(signInPath("/projects/abc?tab=1")).toBe("/sign-in?callbackUrl=%2Fprojects%2Fabc%3Ftab%3D1");
  });

  it("leaves the default and unsafe values out", () => {
    expect(signInPath("/projects")).toBe("/sign-in");
    expect(signInPath("//evil.example")).toBe("/sign-in");
    expect(signInPath(null)).toBe("/sign-in");
  });
});

import { describe, expect, it } from "vitest";
import { projectListHref, projectListParams, PROJECTS_PAGE_SIZE } from "./search-params";

describe("projects list URL state", () => {
  it("reads ?q and a 1-based ?page, falling back to page 1", () => {
    expect(projectListParams({ q: " shop ", page: "3" })).toEqual({ q: "shop", offset: 2 * PROJECTS_PAGE_SIZE, limit: PROJECTS_PAGE_SIZE });
    for (const page of ["0", "-1", "x", "1.5", undefined]) expect(projectListParams({ page }).offset).toBe(0);
    expect(projectListParams({ q: ["a", "b"] }).q).toBe("a");
  });

  it("writes the shortest URL back", () => {
    expect(projectListHref({ q: "", offset: 0 })).toBe("/projects");
    expect(projectListHref({ q: "a b", offset: PROJECTS_PAGE_SIZE })).toBe("/projects?q=a+b&page=2");
  });
});

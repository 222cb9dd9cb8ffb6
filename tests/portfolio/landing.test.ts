// Where a signed-in user lands: the portfolio once the organization has more than one live project.
import { describe, expect, it } from "vitest";
import { landingPath } from "@/lib/portfolio/landing";
import { createTestUser } from "../factories";
import { seedProject } from "./seed";

describe("landing page", () => {
  it("is the projects page up to one live project, the portfolio from two", async () => {
    const user = await createTestUser("landing");
    const tag = Math.random().toString(36).slice(2, 8);
    expect(await landingPath(user.organizationId)).toBe("/projects");
    await seedProject(user, { name: "One", domain: `one-${tag}.example` });
    expect(await landingPath(user.organizationId)).toBe("/projects");
    await seedProject(user, { name: "Gone", domain: `gone-${tag}.example`, fields: { deletedAt: new Date(), liveDomain: null } });
    expect(await landingPath(user.organizationId)).toBe("/projects");
    await seedProject(user, { name: "Two", domain: `two-${tag}.example` });
    expect(await landingPath(user.organizationId)).toBe("/portfolio");
    expect(await landingPath(null)).toBe("/projects");
  });
});

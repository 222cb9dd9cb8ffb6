import { describe, expect, it } from "vitest";
import { connectionBadges } from "./connection-state";

const none = { connectionProblems: [], connections: { engineA: "not_connected", engineB: "not_connected", ownershipVerified: false } } as const;

describe("the portfolio's Connections cell", () => {
  it("never says no problems for a project with neither engine connected and ownership unproven", () => {
    expect(connectionBadges({ ...none, connectionProblems: [...none.connectionProblems] }).map((b) => b.label))
      .toEqual(["Google missing", "Bing missing", "Unverified"]);
  });

  it("lists failures first, and nothing once both engines are connected and nothing fails", () => {
    const revoked = {
      connectionProblems: [{ kind: "gsc_revoked" as const, since: null, message: "revoked" }],
      connections: { engineA: "revoked" as const, engineB: "not_connected" as const, ownershipVerified: true },
    };
    expect(connectionBadges(revoked).map((b) => [b.label, b.tone])).toEqual([["Google revoked", "danger"], ["Bing missing", "warning"]]);
    expect(connectionBadges({ connectionProblems: [], connections: { engineA: "connected", engineB: "connected", ownershipVerified: true } })).toEqual([]);
  });
});

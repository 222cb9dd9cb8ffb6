import { afterEach, describe, expect, it } from "vitest";
import { defaultAuditRunner } from "@/lib/inspections/default-runner";

// The jobs' audit runner is made once per process, but it must follow the environment's fetcher: a runner made while
// CONNECT_TO pointed elsewhere (another test file in the same worker, or a reconfigured process) would audit the old target.
describe("defaultAuditRunner", () => {
  const saved = process.env.CONNECT_TO;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONNECT_TO;
    else process.env.CONNECT_TO = saved;
  });

  it("is one runner while the environment stays the same, and a new one when CONNECT_TO changes", () => {
    process.env.CONNECT_TO = ":80:127.0.0.1:1";
    const first = defaultAuditRunner();
    expect(defaultAuditRunner()).toBe(first);
    process.env.CONNECT_TO = ":80:127.0.0.1:2";
    const second = defaultAuditRunner();
    expect(second).not.toBe(first);
    expect(defaultAuditRunner()).toBe(second);
  });
});

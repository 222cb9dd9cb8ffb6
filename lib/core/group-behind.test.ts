import { describe, expect, it } from "vitest";
import { groupBehind } from "./group-behind";

/** A run whose end the test decides, recording what each run was asked. */
function controlledRuns() {
  const calls: Array<{ key: string; count: number; finish: (v: string) => void; fail: (e: Error) => void }> = [];
  const run = (key: string, count: number) =>
    new Promise<string>((resolve, reject) => calls.push({ key, count, finish: resolve, fail: reject }));
  return { calls, grouped: groupBehind(run) };
}
const tick = () => new Promise((r) => setImmediate(r));

describe("groupBehind", () => {
  it("runs a lone caller at once, alone", async () => {
    const { calls, grouped } = controlledRuns();
    const a = grouped("k");
    expect(calls.map((c) => c.count)).toEqual([1]);
    calls[0].finish("r1");
    expect(await a).toEqual({ result: "r1", index: 0, count: 1 });
  });

  it("gathers the callers that arrive during a run into one next run, started only after the first ends", async () => {
    const { calls, grouped } = controlledRuns();
    const first = grouped("k");
    const waiting = [grouped("k"), grouped("k"), grouped("k")];
    await tick();
    expect(calls).toHaveLength(1); // nothing is sent while the first run is in flight
    calls[0].finish("r1");
    await tick();
    expect(calls.map((c) => c.count)).toEqual([1, 3]);
    // A caller arriving now does not join the run already sent: it waits for the one after.
    const late = grouped("k");
    calls[1].finish("r2");
    expect(await first).toMatchObject({ result: "r1", count: 1 });
    expect(await Promise.all(waiting)).toEqual([0, 1, 2].map((index) => ({ result: "r2", index, count: 3 })));
    await tick();
    expect(calls.map((c) => c.count)).toEqual([1, 3, 1]);
    calls[2].finish("r3");
    expect(await late).toEqual({ result: "r3", index: 0, count: 1 });
  });

  it("keeps keys apart, and a failed run rejects its callers only", async () => {
    const { calls, grouped } = controlledRuns();
    const a = grouped("a");
    const b = grouped("b");
    expect(calls.map((c) => c.key)).toEqual(["a", "b"]);
    const a2 = grouped("a");
    calls[0].fail(new Error("store down"));
    await expect(a).rejects.toThrow("store down");
    await tick();
    calls[2].finish("a-again"); // the next group still runs after a failure
    expect(await a2).toMatchObject({ result: "a-again" });
    calls[1].finish("b1");
    expect(await b).toMatchObject({ result: "b1" });
    // Once idle, a key runs at once again.
    const a3 = grouped("a");
    expect(calls).toHaveLength(4);
    calls[3].finish("a3");
    expect(await a3).toMatchObject({ result: "a3", count: 1 });
  });
});

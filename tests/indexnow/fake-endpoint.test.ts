import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";

// The fake IndexNow endpoint is shared by journeys running side by side (e2e): an answer scripted
// for one host must never be taken by another host's batch.
let fake: FakeIndexNow;
beforeAll(async () => { fake = await startFakeIndexNow(); });
afterAll(() => fake.close());

const post = (host: string) =>
  fetch(fake.url, {
    method: "POST", headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ host, key: "0123456789abcdef", keyLocation: `https://${host}/0123456789abcdef.txt`, urlList: [`https://${host}/a`] }),
  }).then((r) => r.status);

describe("fake IndexNow endpoint", () => {
  it("gives a host's scripted answers to that host's batches only, before the shared ones", async () => {
    fake.reply({ status: 500 });
    fake.replyFor("A.example", { status: 422 }, { status: 429 });

    expect(await post("b.example")).toBe(500);
    expect(await post("b.example")).toBe(200);
    expect(await post("a.example")).toBe(422);
    expect(await post("a.example")).toBe(429);
    expect(await post("a.example")).toBe(200);
    expect(fake.requests.map((r) => [r.body?.host, r.answeredWith])).toEqual([
      ["b.example", 500], ["b.example", 200], ["a.example", 422], ["a.example", 429], ["a.example", 200],
    ]);

    fake.replyFor("a.example", { status: 403 });
    fake.reset();
    expect(await post("a.example")).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextAuth } from "../next-auth-handler";
import { db } from "@/lib/db";
import { requestInfoFrom, requestInfoStore } from "@/lib/auth/request-info";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { createTestUser, uniqueEmail } from "../factories";
import { STORES, dropCounters, openStore, policies, uniquePrefix } from "./stores";

const BASE = process.env.NEXTAUTH_URL!;
let ips = 0;
const freshIp = () => `203.0.113.${++ips}`; // fresh per call; counters are fresh per run (prefix)


/** The sign-in form's request from `ip`; returns where next-auth sends the browser. */
async function askForLink(email: string, ip: string): Promise<string> {
  const csrf = await nextAuth(["csrf"], { method: "GET" });
  const cookies = Object.fromEntries((csrf.headers["set-cookie"] as string[]).map((c) => c.split(";")[0].split("=").map(decodeURIComponent)));
  const headers = { "x-forwarded-for": ip };
  const body = { email, csrfToken: (csrf.body as { csrfToken: string }).csrfToken, callbackUrl: `${BASE}/projects`, json: "true" };
  // As app/api/auth/[...nextauth]/route.ts runs it: the request's IP is available to the callbacks.
  const answer = await requestInfoStore.run(requestInfoFrom(new Headers(headers)), () => nextAuth(["signin", "email"], { method: "POST", body, cookies, headers }));
  return (answer.body as { url: string }).url;
}

const mailsTo = (email: string) => db.devMail.count({ where: { to: email } });

describe("sign-in mails", () => {
  const spec = STORES[0];
  const prefix = uniquePrefix("signin");
  beforeAll(() => replaceRateLimits(createRateLimits(openStore(spec), policies({
    signInMailPerAddress: { points: 2, duration: 3600 }, signInMailPerIp: { points: 3, duration: 3600 }, anonymous: { points: 100, duration: 60 },
  }), prefix)));
  afterAll(async () => {
    await replaceRateLimits(undefined);
    await dropCounters(spec, prefix);
  });

  it("are limited per address, and a refusal reads the same for a known and an unknown address", async () => {
    const known = (await createTestUser("rl-signin")).email;
    const unknown = uniqueEmail("rl-nobody");
    const answers: Record<string, string[]> = { known: [], unknown: [] };
    // Each from its own IP, so that only the per-address limit is in play.
    for (let i = 0; i < 3; i++) answers.known.push(await askForLink(known.toUpperCase(), freshIp()));
    for (let i = 0; i < 3; i++) answers.unknown.push(await askForLink(unknown, freshIp()));

    expect(answers.known.slice(0, 2)).toEqual([expect.stringContaining("/verify-request"), expect.stringContaining("/verify-request")]);
    expect(answers.known[2]).toBe("/sign-in?error=RateLimited");
    expect(answers.unknown).toEqual(answers.known);
    expect(await mailsTo(known)).toBe(2);
    expect(await mailsTo(unknown)).toBe(2);
    // The unknown address got no account out of the refused request either way.
    expect(await db.user.count({ where: { email: unknown } })).toBe(0);
  });

  it("are limited per IP whatever the address", async () => {
    const ip = freshIp(), other = freshIp();
    const addresses = Array.from({ length: 4 }, () => uniqueEmail("rl-ip"));
    const answers = [];
    for (const a of addresses) answers.push(await askForLink(a, ip));
    expect(answers.map((a) => a === "/sign-in?error=RateLimited")).toEqual([false, false, false, true]);
    expect(await mailsTo(addresses[3])).toBe(0);
    // The same address from another IP still gets its link.
    expect(await askForLink(addresses[3], other)).toContain("/verify-request");
    expect(await mailsTo(addresses[3])).toBe(1);
  });
});

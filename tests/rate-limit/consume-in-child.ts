// A second app process for the "shared by two processes" tests: opens its own connection to the store,
// counts `times` requests for `key` with the same policies, prints the decisions as JSON and exits.
// Run: node --import tsx tests/rate-limit/consume-in-child.ts '<json>'
import { consumeAll } from "@/lib/rate-limit/decide";
import { createRateLimits } from "@/lib/rate-limit/limiters";
import { openStore, type StoreSpec } from "./stores";
import type { RateLimitPolicies } from "@/lib/rate-limit/config";

type Args = { store: StoreSpec; policies: RateLimitPolicies; prefix: string; key: string; times: number };
const args = JSON.parse(process.argv[2]) as Args;
const store = openStore(args.store);
const limits = createRateLimits(store, args.policies, args.prefix);
const decisions = [];
for (let i = 0; i < args.times; i++) decisions.push(await consumeAll(limits.api.map((l) => [l, args.key] as const)));
console.log(JSON.stringify({ pid: process.pid, decisions }));
await store.close();

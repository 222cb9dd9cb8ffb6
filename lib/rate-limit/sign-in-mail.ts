import { consumeAll } from "./decide";
import { addressKey, ipKey } from "./keys";
import { rateLimits } from "./limiters";

/**
 * Counts one request for a sign-in mail: per address (5 an hour), per IP (20 an hour) and against the
 * IP's budget for anonymous routes (60 a minute). False when any is spent: then no mail goes out.
 * It is counted before anything that depends on the address being known, so a refusal reads the same
 * for every address.
 */
export async function allowSignInMail(address: string, ip: string | null): Promise<boolean> {
  const l = rateLimits();
  const byIp = ipKey(ip), byAddress = addressKey(address);
  const decision = await consumeAll([
    ...l.anonymous.map((x) => [x, byIp] as const),
    ...l.signInMailPerIp.map((x) => [x, byIp] as const),
    ...l.signInMailPerAddress.map((x) => [x, byAddress] as const),
  ]);
  return decision?.allowed ?? true;
}

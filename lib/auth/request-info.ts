import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestInfo } from "@/lib/core/context";

export function requestInfoFrom(headers: Headers): RequestInfo {
  const fwd = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { ipAddress: fwd || headers.get("x-real-ip") || null, userAgent: headers.get("user-agent")?.slice(0, 512) || null };
}

// Lets next-auth's events (which receive no request) record the IP and user agent of the sign-in.
export const requestInfoStore = new AsyncLocalStorage<RequestInfo>();

export function currentRequestInfo(): RequestInfo {
  return requestInfoStore.getStore() ?? { ipAddress: null, userAgent: null };
}

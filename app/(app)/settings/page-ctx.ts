import { cache } from "react";
import { headers } from "next/headers";
import type { Ctx } from "@/lib/core/context";
import { actorFromPrincipal } from "@/lib/auth/principal";
import { resolvePrincipal } from "@/lib/auth/principal";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

/**
 * The Ctx the API would build for this browser session, for server-side prefetch through the verbs.
 * Resolved from the session token alone, as currentUser() does, so a page never acts as an API key.
 */
export const pageCtx = cache(async (sessionToken: string): Promise<Ctx | null> => {
  const principal = await resolvePrincipal(new Headers({ cookie: `${SESSION_COOKIES[1]}=${encodeURIComponent(sessionToken)}` }));
  if (!principal) return null;
  return { actor: actorFromPrincipal(principal), request: requestInfoFrom(await headers()) };
});

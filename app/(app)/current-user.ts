import { cookies } from "next/headers";
import { listOrganizations } from "@/lib/organizations/list-organizations";
import { actorFromPrincipal, resolvePrincipal } from "@/lib/auth/principal";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

/** The signed-in user of a page (session cookie only), with organizations, or null. */
export async function getCurrentUser() {
  const jar = await cookies();
  const token = SESSION_COOKIES.map((n) => jar.get(n)?.value).find(Boolean);
  if (!token) return null;
  const principal = await resolvePrincipal(new Headers({ cookie: `${SESSION_COOKIES[1]}=${encodeURIComponent(token)}` }));
  if (!principal) return null;
  const organizations = await listOrganizations({ actor: actorFromPrincipal(principal), request: { ipAddress: null, userAgent: null } });
  return { id: principal.user.id, email: principal.user.email, sessionToken: token, organizations };
}

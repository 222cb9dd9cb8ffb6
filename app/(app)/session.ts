import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { REQUEST_PATH_HEADER, signInPath } from "@/components/auth/callback-url";
import { getCurrentUser } from "./current-user";

export const ORG_COOKIE = "iw_org";

/** The signed-in user, read once per request however many layouts and pages ask. */
export const currentUser = cache(getCurrentUser);

/** The signed-in user; without one, a redirect to sign-in that comes back to the requested page. */
export async function requireUser() {
  const user = await currentUser();
  if (!user) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER)));
  return user;
}

type User = NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;

/** The organization chosen in the `iw_org` cookie, if it is still one of the user's; else the first. */
export async function selectedOrganization(user: User) {
  const id = (await cookies()).get(ORG_COOKIE)?.value;
  return user.organizations.find((o) => o.id === id) ?? user.organizations[0] ?? null;
}

"use server";

import { cookies } from "next/headers";
import { ORG_COOKIE, currentUser } from "./session";

export async function selectOrganization(organizationId: string) {
  const user = await currentUser();
  if (!user?.organizations.some((o) => o.id === organizationId)) return;
  (await cookies()).set(ORG_COOKIE, organizationId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NEXTAUTH_URL?.startsWith("https://") ?? false,
    maxAge: 365 * 24 * 3600,
  });
}

import { cache } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { openShareLink } from "@/lib/share-links/open-share-link";

/** The project a share page's token opens, read (and its view counted) once per request; anything else is the "expired or revoked" page. */
export const sharedProjectOr404 = cache(async (token: string) => {
  const shared = await openShareLink(token, await headers());
  if (!shared) notFound();
  return shared;
});

import { cache } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SHARE_VIEW_HEADER } from "@/lib/share-links/countable-view";
import { openShareLink } from "@/lib/share-links/open-share-link";

/** The project a share page's token opens, read (and its view counted, as proxy.ts decided) once per request; else the "expired or revoked" page. */
export const sharedProjectOr404 = cache(async (token: string) => {
  const shared = await openShareLink(token, (await headers()).get(SHARE_VIEW_HEADER) === "1");
  if (!shared) notFound();
  return shared;
});

import { cache } from "react";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { isCountableView } from "@/lib/share-links/countable-view";
import { openShareLink } from "@/lib/share-links/open-share-link";

/** The project a share page's token opens, read (and a person's view counted) once per request; else the "expired or revoked" page. */
export const sharedProjectOr404 = cache(async (token: string) => {
  const shared = await openShareLink(token, isCountableView(await headers()));
  if (!shared) notFound();
  return shared;
});

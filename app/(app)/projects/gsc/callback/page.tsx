import type { Metadata } from "next";
import { GscCallback } from "@/components/connections/gsc-callback";
import { parseCallbackSearch } from "./search-params";

export const metadata: Metadata = { title: "Connecting Google Search Console" };

/**
 * Where gsc sends the browser back after consent (the default GSC_REDIRECT_URI). Which project the
 * consent was for lives in this tab's sessionStorage, so everything happens in the browser: POST …/gsc/callback.
 */
export default async function GscCallbackPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <GscCallback {...parseCallbackSearch(await searchParams)} />;
}

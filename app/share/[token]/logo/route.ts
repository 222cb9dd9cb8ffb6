import { sharedLogo } from "@/lib/share-links/shared-branding";

// GET /share/{token}/logo — the sharing organization's logo for its share pages (404 when none or the link opens
// nothing). proxy.ts limits and marks it like every /share path; no view is counted.
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const logo = await sharedLogo((await params).token);
  if (!logo) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(logo.bytes), {
    headers: { "content-type": logo.mimeType, "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'", "cache-control": "private, max-age=300" },
  });
}

import { notFoundResponse } from "@/lib/api/route-table";

// Every method on an /api path that no route file serves — 404 NOT_FOUND in the envelope, never
// Next.js's HTML page. Real routes take precedence: static, dynamic and catch-all segments all rank
// above this optional catch-all. proxy.ts answers the 405s of real routes (lib/api/route-table.ts).
function notFound(req: Request): Response {
  return notFoundResponse(req.method, new URL(req.url).pathname);
}

export { notFound as GET, notFound as HEAD, notFound as OPTIONS, notFound as POST, notFound as PUT, notFound as DELETE, notFound as PATCH };

import { route } from "@/lib/api/route";
import { getUrlRenderScreenshotOp } from "@/lib/api/operations/rendering";
import { getUrlRenderScreenshot } from "@/lib/rendering/on-demand";

// GET …/urls/{urlId}/render/screenshot — the latest render's screenshot (JPEG)
export const GET = route(getUrlRenderScreenshotOp, async ({ ctx, params }) => {
  const jpeg = await getUrlRenderScreenshot(ctx, params.id, params.urlId);
  return new Response(new Uint8Array(jpeg), { headers: { "content-type": "image/jpeg", "cache-control": "private, no-store", "x-content-type-options": "nosniff" } });
});

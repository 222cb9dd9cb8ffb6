import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { swaggerUiAsset } from "@/lib/api/openapi/swagger-ui-assets";

// GET /docs/api/assets/{file} — the whitelisted swagger-ui-dist files, streamed from node_modules
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const asset = swaggerUiAsset((await params).file);
  if (!asset) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { size } = await stat(asset.filePath);
  const body = Readable.toWeb(createReadStream(asset.filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": asset.contentType,
      "content-length": String(size),
      // The page links these with ?v=<swagger-ui-dist version>: a new version is a new URL.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}

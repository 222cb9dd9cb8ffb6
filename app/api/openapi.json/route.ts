import { route } from "@/lib/api/route";
import { getOpenapiDocumentOp } from "@/lib/api/operations/account";
import { buildOpenApiDocument } from "@/lib/api/openapi/document";

// The registrations are fixed once the modules load: build the document once per process.
let body: string | undefined;

// GET /api/openapi.json — the OpenAPI 3.1 document, plain JSON (no envelope)
export const GET = route(getOpenapiDocumentOp, async () => {
  body ??= JSON.stringify(buildOpenApiDocument());
  return new Response(body, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
});

import "@/lib/api/operations";
import { envelopeComponents } from "./envelope-schemas";
import type { Components } from "./json-schema";
import { buildOperation } from "./operation";
import { declaredOperations, type Operation } from "@/lib/api/operation";

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Components; securitySchemes: Record<string, Record<string, unknown>> };
};

const securitySchemes = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    description: "A session token (`npm run cli -- session:create --email E`). The browser session cookie is accepted as well.",
  },
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "An API key: it carries its own scopes and is bound to one organization.",
  },
};

/** The OpenAPI 3.1 description of every registered endpoint, generated from the same zod schemas the routes parse with. */
export function buildOpenApiDocument(operations: Operation[] = declaredOperations()): OpenApiDocument {
  const schemas = envelopeComponents();
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  const ops = [...operations].sort((a, b) => a.path.localeCompare(b.path));
  for (const op of ops) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = buildOperation(op, schemas);
    op.tags.forEach((t) => tags.add(t));
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "IndexWatch API",
      version: "1.0.0",
      description: "Responses are wrapped in a common envelope; errors carry a stable `code` (see `ErrorEnvelope`).",
    },
    servers: [{ url: "/" }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: { schemas, securitySchemes },
  };
}

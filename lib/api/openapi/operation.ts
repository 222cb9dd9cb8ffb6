import type { ZodType } from "zod";
import type { ErrorCode } from "@/lib/core/errors";
import { errorResponses, successEnvelope } from "./envelope-schemas";
import { toOpenApiSchema, type Components, type JsonSchema } from "./json-schema";
import type { Operation } from "@/lib/api/operation";

export const SECURITY = [{ bearerAuth: [] }, { apiKey: [] }];

/** One OpenAPI operation object; request schemas in zod's input form, responses in its output form. */
export function buildOperation(op: Operation, components: Components): Record<string, unknown> {
  const id = operationId(op);
  const isPublic = op.scopes === "public";
  const scopes = op.scopes === "public" ? [] : [...op.scopes];
  const parameters = [...pathParameters(op, components, id), ...parametersOf(op.query, "query", components, `${id}Query`)];
  const out: Record<string, unknown> = {
    operationId: id,
    summary: op.summary,
    description: [op.description, accessLine(isPublic, scopes)].filter(Boolean).join("\n\n"),
    tags: op.tags,
  };
  if (parameters.length) out.parameters = parameters;
  if (op.body) {
    out.requestBody = {
      required: !op.optionalBody,
      content: { [op.bodyContentType ?? "application/json"]: { schema: toOpenApiSchema(op.body, "input", components, `${id}Body`) } },
    };
  }
  out.responses = { ...successResponses(op, components, id), ...errorResponses(errorCodes(op, isPublic)) };
  out.security = isPublic ? [] : SECURITY;
  if (!isPublic) out["x-required-scopes"] = scopes;
  return out;
}

function operationId({ method, path }: Operation): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join("");
}

function accessLine(isPublic: boolean, scopes: string[]): string {
  if (isPublic) return "Public: no credentials required.";
  if (!scopes.length) return "Any authenticated caller (session or API key).";
  return `Required scopes: ${scopes.map((s) => `\`${s}\``).join(", ")}.`;
}

function errorCodes(op: Operation, isPublic: boolean): ErrorCode[] {
  const codes: ErrorCode[] = isPublic ? [] : ["UNAUTHORIZED", "FORBIDDEN"];
  if (op.query || op.body) codes.push("VALIDATION_ERROR");
  // route() reads every body through one JSON reader, which refuses these before validation.
  if (op.body) codes.push("PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE");
  if (op.path.includes("{")) codes.push("NOT_FOUND");
  return [...codes, ...(op.errors ?? [])];
}

function successResponses(op: Operation, components: Components, id: string): Record<string, unknown> {
  const item = op.response ? toOpenApiSchema(op.response, "output", components, `${id}Data`) : undefined;
  const data = item && (op.paginated || op.responseIsList) ? { type: "array", items: item } : item;
  const content = { [op.responseContentType ?? "application/json"]: { schema: op.rawResponse ? (data ?? {}) : successEnvelope(data, !!op.paginated) } };
  const out: Record<string, unknown> = { [op.created ? "201" : "200"]: { description: op.created ? "Created" : "OK", content } };
  for (const [status, description] of Object.entries(op.alsoReturns ?? {})) out[status] = { description, content };
  return out;
}

function pathParameters(op: Operation, components: Components, id: string) {
  const declared = parametersOf(op.params, "path", components, `${id}Params`);
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  // Every templated segment must be declared; an undocumented one is still a string.
  return names.map((name) => declared.find((p) => p.name === name) ?? { name, in: "path", required: true, schema: { type: "string" } });
}

function parametersOf(schema: ZodType | undefined, where: "path" | "query", components: Components, hint: string) {
  if (!schema) return [];
  const json = toOpenApiSchema(schema, "input", components, hint);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    schema: s,
  }));
}

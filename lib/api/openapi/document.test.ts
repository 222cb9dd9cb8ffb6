import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "./document";
import { declaredOperations, operationOf } from "@/lib/api/operation";

type Json = Record<string, unknown>;
const METHODS = ["get", "post", "put", "patch", "delete"];

type TreeNode = { name: string; children: TreeNode[] };
const TreeNode: z.ZodType<TreeNode> = z.object({ name: z.string(), get children() { return z.array(TreeNode); } });

// Outside the registry: files share their worker's modules, and a declared test operation would show up in what
// other files read (tests/api/declared-operations.test.ts would find it unserved).
const thingOp = operationOf({
  method: "POST", path: "/api/test/things/[thingId]", tags: ["Test"], scopes: ["projects:write", "organization:read"],
  summary: "Create a thing",
  params: z.object({ thingId: z.uuid() }),
  query: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
  body: z.object({ name: z.string().min(1), at: z.date().optional() }).strict(),
  response: TreeNode,
  paginated: true,
  created: true,
  errors: ["DOMAIN_ALREADY_EXISTS", "CONFLICT"],
});

const doc = buildOpenApiDocument([...declaredOperations(), thingOp]);
const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([method, op]) => ({ path, method, op: op as Json })));
const testOp = doc.paths["/api/test/things/{thingId}"].post as Json & { responses: Record<string, Json> };

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [v] : refsIn(v)));
}

function resolve(pointer: string): unknown {
  return pointer.slice(2).split("/").reduce<unknown>((n, key) => (n as Json | undefined)?.[key], doc);
}

describe("buildOpenApiDocument", () => {
  it("keeps the test's own operation out of the registry that routes and other test files read", () => {
    expect(doc.paths["/api/test/things/{thingId}"]).toBeDefined();
    expect(declaredOperations().map((op) => op.key)).not.toContain("post /api/test/things/{thingId}");
    expect(buildOpenApiDocument().paths["/api/test/things/{thingId}"]).toBeUndefined();
  });

  it("is an OpenAPI 3.1.0 document", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["apiKey", "bearerAuth"]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
  });

  it("gives every operation a unique id, responses and a success response", () => {
    expect(ops.length).toBeGreaterThan(2);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    for (const { op } of ops) {
      expect(Object.keys(op.responses as Json).some((s) => s.startsWith("2"))).toBe(true);
    }
  });

  it("sets security on every non-public operation, and none on public ones", () => {
    for (const { path, op } of ops) {
      const isPublic = (op.description as string).includes("Public: no credentials required.");
      if (isPublic) expect(op.security, path).toEqual([]);
      else {
        expect(op.security, path).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
        expect(op.responses, path).toHaveProperty("401");
        expect(op.responses, path).toHaveProperty("403");
      }
    }
    expect(testOp["x-required-scopes"]).toEqual(["projects:write", "organization:read"]);
    expect(testOp.description).toContain("`projects:write`");
    expect(doc.paths["/api/health"].get.security).toEqual([]);
  });

  it("has the envelope components, and every $ref resolves", () => {
    const s = doc.components.schemas;
    for (const name of ["SuccessEnvelope", "ErrorEnvelope", "PaginationMeta", "ValidationIssue"]) expect(s).toHaveProperty(name);
    expect(s.ErrorEnvelope).toMatchObject({
      properties: { success: { const: false }, meta: { properties: { errors: { items: { $ref: "#/components/schemas/ValidationIssue" } } } } },
    });
    expect(s.ValidationIssue.required).toEqual(["path", "message", "code"]);
    for (const r of refsIn(doc)) expect(resolve(r), r).toBeDefined();
  });

  it("documents a strict body with additionalProperties false, in its input form", () => {
    const body = (testOp.requestBody as { content: Record<string, { schema: Json }> }).content["application/json"].schema;
    expect(body).toMatchObject({ type: "object", additionalProperties: false, required: ["name"] });
    expect(body.properties).toMatchObject({ at: { type: "string", format: "date-time" } });
  });

  it("derives parameters, error statuses and the paginated envelope", () => {
    expect(testOp.parameters).toEqual([
      expect.objectContaining({ name: "thingId", in: "path", required: true, schema: expect.objectContaining({ format: "uuid" }) }),
      expect.objectContaining({ name: "dryRun", in: "query", required: false }),
    ]);
    expect(Object.keys(testOp.responses).sort()).toEqual(["201", "400", "401", "403", "404", "409", "413", "415"]);
    expect(testOp.responses["409"].description).toContain("DOMAIN_ALREADY_EXISTS");
    expect(testOp.responses["400"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } });
    const envelope = (testOp.responses["201"].content as Record<string, { schema: { allOf: Json[] } }>)["application/json"].schema;
    expect(envelope.allOf[0]).toEqual({ $ref: "#/components/schemas/SuccessEnvelope" });
    expect(envelope.allOf[1]).toMatchObject({ required: ["meta"], properties: { data: { type: "array" }, meta: { $ref: "#/components/schemas/PaginationMeta" } } });
  });

  it("documents health as public with a 503 degraded answer, and openapi.json unwrapped", () => {
    expect(doc.paths["/api/health"].get.responses).toHaveProperty("503");
    const raw = doc.paths["/api/openapi.json"].get.responses as Record<string, { content: Record<string, { schema: Json }> }>;
    expect(raw["200"].content["application/json"].schema).not.toHaveProperty("allOf");
  });
});

import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import "@/lib/api/operations";
import { declaredOperations, type Operation } from "@/lib/api/operation";
import type { RouteHandler } from "@/lib/api/route";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { apiKeyHeader, call } from "../http";
import { createTestApiKey, createTestUser } from "../factories";
import { apiPath, FRAMEWORK_ROUTES, routeFiles } from "./route-files";

// Every endpoint is declared once (lib/api/operations/*) and both route() and the OpenAPI document read
// that declaration. This suite proves the route files serve exactly the declared operations, at the
// declared paths, and that each route enforces the scopes its declaration (and so its documentation) names.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Served = { file: string; path: string; method: string; handler: RouteHandler };

const served: Served[] = [];
beforeAll(async () => {
  const files = routeFiles().filter((f) => !FRAMEWORK_ROUTES.includes(apiPath(f)));
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      if (mod[method]) served.push({ file: path.relative(process.cwd(), file), path: apiPath(file), method, handler: mod[method] as RouteHandler });
    }
  }
}, 120_000);

describe("each endpoint declared once", () => {
  it("every exported method of app/api is built by route() from a declaration of its own method and path", () => {
    expect(served.length).toBeGreaterThan(90);
    const wrong = served
      .filter(({ handler, path: p, method }) => handler.operation?.path !== p || handler.operation.method !== method)
      .map(({ file, method, handler }) => `${method} ${file}: ${handler.operation ? handler.operation.key : "not built by route()"}`);
    expect(wrong).toEqual([]);
  });

  it("every declaration is served by exactly one route handler", () => {
    const count = new Map<string, number>();
    for (const s of served) count.set(s.handler.operation.key, (count.get(s.handler.operation.key) ?? 0) + 1);
    const unserved = declaredOperations().filter((op) => !count.has(op.key)).map((op) => op.key);
    const twice = [...count].filter(([, n]) => n > 1).map(([k]) => k);
    expect({ unserved, twice }).toEqual({ unserved: [], twice: [] });
  });
});

// A value for each path parameter: the caller's own organization, otherwise an id that names nothing.
function paramsFor(op: Operation, organizationId: string): Record<string, string> {
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((n) => [n, n === "organizationId" ? organizationId : n === "domain" ? "example.test" : crypto.randomUUID()]));
}

async function callAs(s: Served, key: string, organizationId: string) {
  const op = s.handler.operation;
  return call(s.handler, {
    method: s.method, url: `http://127.0.0.1:3000${op.path}`, headers: apiKeyHeader(key), params: paramsFor(op, organizationId),
    ...(s.method === "GET" || s.method === "DELETE" ? {} : { json: {} }),
  });
}

const refusedForScopes = (r: Awaited<ReturnType<typeof callAs>>) => r.res.status === 403 && Array.isArray(r.body?.meta?.missingScopes);

describe("each route enforces the scopes it declares", () => {
  it("a key lacking any one declared scope is refused with 403 naming it; a key with exactly the declared scopes is not refused for scopes", async () => {
    const mismatches: string[] = [];
    for (const s of served) {
      const op = s.handler.operation;
      if (op.scopes === "public") continue;
      const declared = [...op.scopes] as Scope[];
      // A user per route: some routes act on the caller (DELETE /api/user/me revokes every key).
      const user = await createTestUser("scopes");
      for (const scope of declared) {
        const { key } = await createTestApiKey(user, SCOPES.filter((x) => x !== scope));
        const r = await callAs(s, key, user.organizationId);
        if (!refusedForScopes(r) || !(r.body.meta!.missingScopes as string[]).includes(scope)) mismatches.push(`${op.key}: without ${scope} → ${r.res.status} ${r.body?.code}`);
      }
      // Routes open to any authenticated caller get a key with one unrelated scope.
      const { key } = await createTestApiKey(user, declared.length ? declared : ["api-keys:read"]);
      const r = await callAs(s, key, user.organizationId);
      if (refusedForScopes(r) || r.res.status === 401) mismatches.push(`${op.key}: with ${declared.join(",") || "any scope"} → ${r.res.status} ${r.body?.code}`);
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it("public routes answer without credentials", async () => {
    const unauthorized: string[] = [];
    // A public route that declares UNAUTHORIZED checks a credential of its own (POST /api/ingest/logs: a project's ingest token).
    for (const s of served.filter((x) => x.handler.operation.scopes === "public" && !x.handler.operation.errors?.includes("UNAUTHORIZED"))) {
      const op = s.handler.operation;
      const r = await call(s.handler, { method: s.method, url: `http://127.0.0.1:3000${op.path}`, params: paramsFor(op, crypto.randomUUID()), ...(s.method === "GET" ? {} : { json: {} }) });
      if (r.res.status === 401) unauthorized.push(op.key);
    }
    expect(unauthorized).toEqual([]);
  });
});

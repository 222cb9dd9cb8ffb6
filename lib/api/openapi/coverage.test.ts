import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiPath, FRAMEWORK_ROUTES, routeFiles } from "@/tests/api/route-files";
import { buildOpenApiDocument } from "./document";

function routeHandlers(): { method: string; path: string }[] {
  return routeFiles().flatMap((f) =>
    [...fs.readFileSync(f, "utf8").matchAll(/export\s+(?:async\s+function|const)\s+(GET|POST|PUT|PATCH|DELETE)\b|as (GET|POST|PUT|PATCH|DELETE)\b/g)]
      .map((m) => ({ method: (m[1] ?? m[2]).toLowerCase(), path: apiPath(f) })));
}

describe("OpenAPI coverage", () => {
  it("documents every route handler of app/api", () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const missing = routeHandlers()
      .filter((r) => !FRAMEWORK_ROUTES.includes(r.path))
      .filter((r) => !doc.paths[r.path]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
  });
});

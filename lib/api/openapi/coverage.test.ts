import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";

// Framework-owned endpoints that are not part of the product's API.
// `{notFound}` is the catch-all answering 404 for unknown /api paths (app/api/[[...notFound]]/route.ts).
const UNDOCUMENTED = ["/api/auth/{nextauth}", "/api/inngest", "/api/ping", "/api/{notFound}"];

function routeHandlers(dir = path.resolve("app/api")): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...routeHandlers(f));
    else if (e.name === "route.ts") {
      const p = "/" + path.relative("app", path.dirname(f)).split(path.sep).map((s) => s.replace(/^\[\[\.{3}(.+)\]\]$/, "{$1}").replace(/^\[\.{3}(.+)\]$/, "{$1}").replace(/^\[(.+)\]$/, "{$1}")).join("/");
      const src = fs.readFileSync(f, "utf8");
      for (const m of src.matchAll(/export\s+(?:async\s+function|const)\s+(GET|POST|PUT|PATCH|DELETE)\b|as (GET|POST|PUT|PATCH|DELETE)\b/g)) {
        out.push({ method: (m[1] ?? m[2]).toLowerCase(), path: p });
      }
    }
  }
  return out;
}

describe("OpenAPI coverage", () => {
  it("documents every route handler of app/api", () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const missing = routeHandlers()
      .filter((r) => !UNDOCUMENTED.includes(r.path))
      .filter((r) => !doc.paths[r.path]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(missing).toEqual([]);
  });
});

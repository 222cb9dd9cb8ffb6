import fs from "node:fs";
import path from "node:path";

/** Framework-owned route files, not part of the product's API: NextAuth, Inngest, the liveness ping, the /api 404 catch-all. */
export const FRAMEWORK_ROUTES = ["/api/auth/{nextauth}", "/api/inngest", "/api/ping", "/api/{notFound}"];

/** Every route.ts below `dir`. */
export function routeFiles(dir = path.resolve("app/api")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(f) : e.name === "route.ts" ? [f] : [];
  });
}

/** The OpenAPI path a route file serves: Next's [id], [...rest] and [[...rest]] segments as {id}, {rest}. */
export function apiPath(file: string): string {
  const segments = path.relative(path.resolve("app"), path.dirname(path.resolve(file))).split(path.sep);
  return "/" + segments.map((s) => s.replace(/^\[\[\.{3}(.+)\]\]$/, "{$1}").replace(/^\[\.{3}(.+)\]$/, "{$1}").replace(/^\[(.+)\]$/, "{$1}")).join("/");
}

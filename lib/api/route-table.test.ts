import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { allowedMethods, apiGate, buildRouteTree, matchRoute, type ApiRouteEntry } from "./route-table";
import { API_ROUTES } from "./route-table.generated";
import { exportedMethods, GENERATED_FILE, renderGeneratedTable, scanApiRoutes } from "./route-table-scan";

describe("the generated route table", () => {
  it("matches app/api (run `npx tsx lib/api/route-table-scan.ts --write` after adding a route or a method)", () => {
    expect(fs.readFileSync(GENERATED_FILE, "utf8")).toBe(renderGeneratedTable(scanApiRoutes()));
  });

  it("holds the routes this suite relies on, and not the not-found catch-all", () => {
    const byPath = Object.fromEntries(API_ROUTES.map((r) => [r.path, r.methods]));
    expect(byPath["/api/health"]).toEqual(["GET"]);
    expect(byPath["/api/auth/[...nextauth]"]).toEqual(["GET", "POST"]);
    expect(byPath["/api/user/organizations/[organizationId]/projects/[id]"]).toEqual(["GET", "DELETE", "PATCH"]);
    expect(Object.keys(byPath).some((p) => p.includes("notFound"))).toBe(false);
  });
});

describe("exportedMethods", () => {
  it.each([
    ["export const", "export const GET = route({}, h);\nexport const POST = route({}, h);", ["GET", "POST"]],
    ["export async function", "export async function GET() {}\nexport function DELETE() {}", ["GET", "DELETE"]],
    ["a destructuring export", "export const { GET, POST, PUT } = serve({});", ["GET", "POST", "PUT"]],
    ["export { x as METHOD }", "function h() {}\nexport { h as GET, h as POST };", ["GET", "POST"]],
    ["every method", "export { h as GET, h as HEAD, h as OPTIONS, h as POST, h as PUT, h as DELETE, h as PATCH };", ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]],
    ["route segment config and helpers", 'export const dynamic = "force-dynamic";\nexport const runtime = "nodejs";\nexport const GET = h;', ["GET"]],
    ["a commented-out export", "// export const DELETE = h;\n/* export const PUT = h; */\nexport const GET = h; // GET …/x", ["GET"]],
    ["lowercase names (not routed by Next.js)", "export const get = h;", []],
  ])("%s", (_n, source, methods) => {
    expect(exportedMethods(source)).toEqual(methods);
  });

  it("refuses `export *`, which hides the methods", () => {
    expect(() => exportedMethods('export * from "./x";', "app/api/x/route.ts")).toThrow(/export \*/);
  });
});

describe("matchRoute: Next.js precedence", () => {
  const routes: ApiRouteEntry[] = [
    { path: "/api/auth/[...nextauth]", methods: ["GET", "POST"] },
    { path: "/api/auth/identify", methods: ["POST"] },
    { path: "/api/items", methods: ["GET", "POST"] },
    { path: "/api/items/[id]", methods: ["GET", "PATCH"] },
    { path: "/api/items/new", methods: ["POST"] },
    { path: "/api/items/[id]/parts/[partId]", methods: ["GET"] },
    { path: "/api/docs/[[...slug]]", methods: ["GET"] },
  ];
  const tree = buildRouteTree(routes);
  const at = (p: string) => matchRoute(tree, p)?.path ?? null;

  it.each([
    ["/api/items", "/api/items"],
    ["/api/items/new", "/api/items/new"],
    ["/api/items/42", "/api/items/[id]"],
    ["/api/items/42/parts/7", "/api/items/[id]/parts/[partId]"],
    ["/api/items/new/parts/7", "/api/items/[id]/parts/[partId]"],
    ["/api/auth/identify", "/api/auth/identify"],
    ["/api/auth/signin/email", "/api/auth/[...nextauth]"],
    ["/api/auth/identify/extra", "/api/auth/[...nextauth]"],
    ["/api/docs", "/api/docs/[[...slug]]"],
    ["/api/docs/a/b", "/api/docs/[[...slug]]"],
    ["/api/auth", null],
    ["/api/items/42/parts", null],
    ["/api/nope", null],
    ["/api", null],
  ])("%s → %s", (pathname, expected) => {
    expect(at(pathname)).toBe(expected);
  });

  it("adds HEAD wherever GET is, and OPTIONS everywhere (Next.js implements both)", () => {
    expect(allowedMethods({ path: "/x", methods: ["GET", "POST"] })).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(allowedMethods({ path: "/x", methods: ["PATCH", "DELETE"] })).toEqual(["OPTIONS", "DELETE", "PATCH"]);
  });
});

describe("apiGate", () => {
  const tree = buildRouteTree([{ path: "/api/items/[id]", methods: ["GET", "PATCH"] }]);

  it.each(["GET", "HEAD", "OPTIONS", "PATCH"])("lets %s through to the route", (method) => {
    expect(apiGate(tree, method, "/api/items/1")).toBeNull();
  });

  it.each(["POST", "PUT", "DELETE", "PROPFIND", "REPORT"])("answers %s with 405 METHOD_NOT_ALLOWED and Allow", async (method) => {
    const res = apiGate(tree, method, "/api/items/1/")!;
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS, PATCH");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: false, status: 405, code: "METHOD_NOT_ALLOWED",
      message: `${method} is not allowed on /api/items/1; allowed: GET, HEAD, OPTIONS, PATCH`,
      meta: { allow: ["GET", "HEAD", "OPTIONS", "PATCH"] },
    });
  });

  it("leaves unknown paths to the catch-all, except for methods Next.js does not route", async () => {
    expect(apiGate(tree, "GET", "/api/nope")).toBeNull();
    expect(apiGate(tree, "DELETE", "/api")).toBeNull();
    const res = apiGate(tree, "MKCOL", "/api/nope")!;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, status: 404, code: "NOT_FOUND", message: "No API endpoint MKCOL /api/nope" });
  });
});

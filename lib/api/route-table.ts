import { errorBody } from "./envelope";

// Every /api answer is JSON. Next.js itself answers an unknown /api path with its HTML 404 page (the
// catch-all app/api/[[...notFound]]/route.ts answers instead) and a method that a route file does not
// export with an empty 405, before any of our code runs. proxy.ts runs first: with the table of route
// files and their exported methods (route-table.generated.ts) it answers those 405s in the envelope.

export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type ApiRouteEntry = { path: string; methods: readonly HttpMethod[] };

type Segment = { kind: "static"; value: string } | { kind: "dynamic" } | { kind: "catchAll" } | { kind: "optionalCatchAll" };

type Node = {
  route?: ApiRouteEntry;
  statics: Map<string, Node>;
  dynamic?: Node;
  catchAll?: ApiRouteEntry;
  optionalCatchAll?: ApiRouteEntry;
};

export function parseSegment(segment: string): Segment {
  if (/^\[\[\.\.\.[^\]]+\]\]$/.test(segment)) return { kind: "optionalCatchAll" };
  if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return { kind: "catchAll" };
  if (/^\[[^\]]+\]$/.test(segment)) return { kind: "dynamic" };
  return { kind: "static", value: segment };
}

const emptyNode = (): Node => ({ statics: new Map() });

export function buildRouteTree(routes: readonly ApiRouteEntry[]): Node {
  const root = emptyNode();
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split("/").filter(Boolean).map(parseSegment)) {
      if (segment.kind === "catchAll") node.catchAll = route;
      else if (segment.kind === "optionalCatchAll") node.optionalCatchAll = route;
      else if (segment.kind === "dynamic") node = node.dynamic ??= emptyNode();
      else {
        let next = node.statics.get(segment.value);
        if (!next) node.statics.set(segment.value, (next = emptyNode()));
        node = next;
      }
      if (segment.kind === "catchAll" || segment.kind === "optionalCatchAll") break;
    }
    if (!route.path.includes("[...") && !route.path.includes("[[...")) node.route = route;
  }
  return root;
}

/** The route file that serves a pathname, with Next's precedence: static, then dynamic, then catch-all, then optional catch-all. */
export function matchRoute(tree: Node, pathname: string): ApiRouteEntry | null {
  const segments = pathname.split("/").filter(Boolean);
  return walk(tree, segments, 0);
}

function walk(node: Node, segments: string[], i: number): ApiRouteEntry | null {
  if (i === segments.length) return node.route ?? node.optionalCatchAll ?? null;
  const child = node.statics.get(segments[i]);
  const found = (child && walk(child, segments, i + 1)) || (node.dynamic && walk(node.dynamic, segments, i + 1));
  return found || node.catchAll || node.optionalCatchAll || null;
}

/** What a route answers: its exports, HEAD wherever GET is, and OPTIONS (Next.js implements both). */
export function allowedMethods(route: ApiRouteEntry): HttpMethod[] {
  const allowed = new Set<HttpMethod>([...route.methods, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return HTTP_METHODS.filter((m) => allowed.has(m));
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function notFoundResponse(method: string, pathname: string): Response {
  return json(errorBody("NOT_FOUND", 404, `No API endpoint ${method} ${pathname.slice(0, 200)}`), 404);
}

export function methodNotAllowedResponse(method: string, pathname: string, allow: readonly string[]): Response {
  const message = `${method.slice(0, 20)} is not allowed on ${pathname.slice(0, 200)}; allowed: ${allow.join(", ")}`;
  return json(errorBody("METHOD_NOT_ALLOWED", 405, message, { allow }), 405, { allow: allow.join(", ") });
}

/**
 * The answer for a request that Next.js would not give as JSON, or null to let the request through:
 * a known route and a method it lacks → 405 with `Allow`; no route and a method Next.js does not
 * route (TRACE, PROPFIND, …) → 404. Unknown paths with the usual methods go on to the catch-all.
 */
export function apiGate(tree: Node, method: string, pathname: string): Response | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const route = matchRoute(tree, path);
  const standard = (HTTP_METHODS as readonly string[]).includes(method);
  if (!route) return standard ? null : notFoundResponse(method, path);
  const allow = allowedMethods(route);
  return allow.includes(method as HttpMethod) ? null : methodNotAllowedResponse(method, path, allow);
}

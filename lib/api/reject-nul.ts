import { errorResponse } from "./render-error";
import { DomainError, validationError } from "@/lib/core/errors";

// DESIGN.md: no text containing a NUL byte reaches the database. PostgreSQL refuses U+0000 in text
// and jsonb, so one that got through would answer 500; the route wrapper refuses it up front instead.
const NUL = "\u0000";
const MAX_REPORTED = 20;
export const NUL_MESSAGE = "Must not contain a NUL (U+0000) character";

/**
 * Paths (dot-joined, as validation errors print them) of the strings and object keys in a JSON value
 * that hold a NUL, in document order, at most `limit`. Iterative: nesting depth cannot overflow the stack.
 */
export function nulPaths(value: unknown, limit = MAX_REPORTED): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length && found.length < limit) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes(NUL)) found.push(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, String(i))]);
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], join(path, entries[i][0])]);
      // Keys are checked before their values are visited, so a key path comes first.
      for (const [key] of entries) if (key.includes(NUL) && found.length < limit) found.push(join(path, key));
    }
  }
  return found.map((p) => p.replaceAll(NUL, "\ufffd"));
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function rejection(message: string, paths: string[]): DomainError {
  return validationError(message, paths.slice(0, MAX_REPORTED).map((path) => ({ path, message: NUL_MESSAGE, code: "nul_byte" })));
}

/** 400 VALIDATION_ERROR naming each query parameter (every repetition is looked at) that holds a NUL in its name or value. */
export function assertNoNulInQuery(url: string): void {
  const paths = new Set<string>();
  for (const [key, value] of new URL(url).searchParams) {
    if (key.includes(NUL) || value.includes(NUL)) paths.add(key.replaceAll(NUL, "\ufffd"));
  }
  if (paths.size) throw rejection("A query parameter contains a NUL character", [...paths]);
}

/** 400 VALIDATION_ERROR naming each body field (or key) that holds a NUL. */
export function assertNoNulInBody(body: unknown): void {
  const paths = nulPaths(body);
  if (paths.length) throw rejection("The request body contains a NUL character", paths);
}

/** A path segment with a NUL names nothing that exists: 404, as for any malformed id. */
export function assertNoNulInParams(params: Record<string, unknown>): void {
  if (nulPaths(params, 1).length) throw new DomainError("NOT_FOUND", "Not found");
}

const FORM = "application/x-www-form-urlencoded";
const MAX_CHECKED_BODY = 64 * 1024;

/**
 * For endpoints that do not go through route() (next-auth's sign-in, callback and session routes,
 * reached through proxy.ts): the query and a form or JSON body are checked the same way; the answer
 * is the 400 envelope, or null to let the request through.
 */
export async function nulRejectionOf(request: Request): Promise<Response | null> {
  try {
    assertNoNulInQuery(request.url);
    assertNoNulInCookies(request.headers.get("cookie"));
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (request.method === "POST" && request.body && declared <= MAX_CHECKED_BODY) {
      const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      const text = type === FORM || type === "application/json" ? await request.clone().text() : "";
      if (type === FORM) assertNoNulInBody(Object.fromEntries(new URLSearchParams(text)));
      else if (text) assertNoNulInBody(parseOrNull(text));
    }
    return null;
  } catch (e) {
    if (e instanceof DomainError) return errorResponse(e);
    throw e;
  }
}

/** next-auth decodes cookie values (its session token goes to the database): none may decode to a NUL. */
function assertNoNulInCookies(header: string | null): void {
  const paths: string[] = [];
  for (const part of header?.split(";") ?? []) {
    const i = part.indexOf("=");
    if (i > 0 && decodesToNul(part.slice(i + 1).trim())) paths.push(`cookie.${part.slice(0, i).trim()}`);
  }
  if (paths.length) throw rejection("A cookie contains a NUL character", paths);
}

function decodesToNul(value: string): boolean {
  try {
    return decodeURIComponent(value).includes(NUL);
  } catch {
    return false;
  }
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

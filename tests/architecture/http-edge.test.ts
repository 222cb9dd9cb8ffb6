import ts from "typescript";
import { describe, expect, it } from "vitest";
import { libFiles, parse, walk } from "./source-files";

// The HTTP edge stays at the edge: lib/api (and app/) read a request into plain values (headers, a bearer token, the
// body as an UploadBody: lib/api/request-input.ts) and build every response; no file of lib/ below it names the Fetch
// API's Request or Response, nor Next's NextRequest or NextResponse, as a type or a value. (Comments, strings and
// property names such as `x.Response` do not count.)
const EDGE_TYPES = new Set(["Request", "Response", "NextRequest", "NextResponse"]);

/** Each `file:line name` where a source names one of the edge's types. */
function edgeReferences(file: string, text?: string): string[] {
  const source = parse(file, text);
  const found: string[] = [];
  walk(source, (n) => {
    if (!ts.isIdentifier(n) || !EDGE_TYPES.has(n.text) || isPropertyName(n)) return;
    found.push(`${file}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1} ${n.text}`);
  });
  return found;
}

/** `a.Response`, `{ Response: … }`, `class { Response() {} }`, `A.Response` (a member, not the global). */
function isPropertyName(n: ts.Identifier): boolean {
  const p = n.parent;
  return (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isQualifiedName(p) && p.right === n)
    || ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p)) && p.name === n);
}

describe("the HTTP edge", () => {
  it("no file of lib/ outside lib/api names Request, Response, NextRequest or NextResponse", () => {
    const files = libFiles().filter((f) => !f.startsWith("lib/api/"));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => edgeReferences(f))).toEqual([]);
  });

  it("finds them when they are there (the check itself)", () => {
    const text = [
      'import { NextResponse } from "next/server";',
      "// a Response in a comment, and one in a string: \"Response\"",
      "export async function upload(req: Request): Promise<unknown> { return { Response: 1, r: ts.Response }; }",
      "export const answer = () => new Response(null, { status: 204 });",
      "export type Handler = (r: NextRequest) => Promise<NextResponse>;",
    ].join("\n");
    expect(edgeReferences("lib/x/fixture.ts", text)).toEqual([
      "lib/x/fixture.ts:1 NextResponse", "lib/x/fixture.ts:3 Request", "lib/x/fixture.ts:4 Response",
      "lib/x/fixture.ts:5 NextRequest", "lib/x/fixture.ts:5 NextResponse",
    ]);
  });
});

// The TypeScript sources of lib/ parsed as syntax trees (no type checking, no build): what the architecture tests that
// look inside files (the HTTP edge, function lengths) read.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const root = path.resolve(import.meta.dirname, "../..");

/** lib/'s .ts and .tsx files (generated code and tests left out), as paths relative to the repository, "/"-separated. */
export function libFiles(dir = path.join(root, "lib")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : libFiles(f);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.relative(root, f).split(path.sep).join("/")] : [];
  });
}

export function parse(file: string, text = fs.readFileSync(path.join(root, file), "utf8")): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

export function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (c) => walk(c, visit));
}

/** Every function (declaration, method, accessor, constructor, function expression, arrow) with its name and its lines. */
export function functionsOf(source: ts.SourceFile): { name: string; line: number; lines: number }[] {
  const out: { name: string; line: number; lines: number }[] = [];
  walk(source, (n) => {
    if (!ts.isFunctionLike(n) || !("body" in n) || !n.body) return;
    const start = source.getLineAndCharacterOfPosition(n.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(n.getEnd()).line;
    out.push({ name: functionName(n), line: start + 1, lines: end - start + 1 });
  });
  return out;
}

function functionName(n: ts.SignatureDeclaration): string {
  if (n.name && (ts.isIdentifier(n.name) || ts.isPrivateIdentifier(n.name))) return n.name.text;
  if (ts.isConstructorDeclaration(n)) return "constructor";
  const p = n.parent;
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (ts.isPropertyDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  return "(anonymous)";
}

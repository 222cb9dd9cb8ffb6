// What tests/architecture/one-context.test.ts looks for: read with the TypeScript parser, so comments,
// strings and local variables (`const tx = dbOf(ctx)`) do not count.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { sourceFiles } from "./import-graph";

// One context for every caller (issue 34 §1): request handlers and jobs call the same verbs with a `Ctx`
// (a job builds one with `systemCtx(job, org)`), and an open transaction travels inside it
// (`withTransaction(ctx, fn)` opens or joins it, `dbOf(ctx)` reads it; both in lib/db/with-transaction.ts).
// So outside lib/db (and outside tests) no source file may:
//  - declare or import a type named `ProjectRef` (the job path's stand-in for a context);
//  - take a function parameter named `tx` or typed `Tx` / `Prisma.TransactionClient` (a transaction passed
//    beside the context);
//  - call `.$transaction(` (a transaction opened beside `withTransaction`);
//  - inside a `withTransaction(ctx, (c) => …)` callback, reach past the transaction: name the outer context (`ctx`
//    when the callback's own is `c`) or the global `db`. Either runs the statement on another connection, outside the
//    transaction: it does not see the transaction's writes, and on the embedded database (one connection) it waits
//    forever for the transaction that waits for it.
const root = path.resolve(import.meta.dirname, "../..");
const DIRS = ["app", "components", "lib", "inngest", "scripts", "bench"];
const EXEMPT = [`lib${path.sep}db${path.sep}`];

export type Finding = { file: string; line: number; rule: "ProjectRef" | "tx parameter" | "$transaction" | "outside the transaction"; text: string };

const TX_TYPES = new Set(["Tx", "Prisma.TransactionClient", "TransactionClient"]);

export function findings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Finding[] = [];
  const add = (node: ts.Node, rule: Finding["rule"]) => out.push({
    file, rule, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.getText(source).split("\n")[0].slice(0, 120),
  });
  const visit = (node: ts.Node): void => {
    if ((ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node)) && node.name?.text === "ProjectRef") add(node, "ProjectRef");
    if ((ts.isImportSpecifier(node) || ts.isExportSpecifier(node)) && (node.propertyName ?? node.name).text === "ProjectRef") add(node, "ProjectRef");
    if (ts.isParameter(node)) {
      const named = ts.isIdentifier(node.name) && node.name.text === "tx";
      const typed = node.type && ts.isTypeReferenceNode(node.type) && TX_TYPES.has(node.type.typeName.getText(source));
      if (named || typed) add(node, "tx parameter");
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "$transaction") add(node, "$transaction");
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "withTransaction") {
      for (const id of escapes(node)) add(id, "outside the transaction");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The identifiers in a `withTransaction(outer, (inner) => body)` callback that reach past its transaction. */
function escapes(call: ts.CallExpression): ts.Identifier[] {
  const [outer, fn] = call.arguments;
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return [];
  const inner = fn.parameters[0] && ts.isIdentifier(fn.parameters[0].name) ? fn.parameters[0].name.text : undefined;
  const banned = new Set(["db"]);
  if (outer && ts.isIdentifier(outer) && outer.text !== inner) banned.add(outer.text);
  // A name declared inside the callback (`const db = dbOf(ctx)`) is the callback's own.
  const declare = (n: ts.Node): void => {
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n)) && ts.isIdentifier(n.name)) banned.delete(n.name.text);
    ts.forEachChild(n, declare);
  };
  declare(fn);
  const found: ts.Identifier[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && banned.has(n.text) && isReference(n)) found.push(n);
    ts.forEachChild(n, walk);
  };
  walk(fn.body);
  return found;
}

/** An identifier used as a value: not a property's name (`a.db`, `{ db: 1 }`) nor a declaration's. */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isBindingElement(p)) && p.name === id) return false;
  return true;
}

/** The files the rules hold for (relative to the repository). */
export function checkedFiles(): string[] {
  return DIRS.flatMap((d) => sourceFiles(path.join(root, d)))
    .map((f) => path.relative(root, f))
    .filter((f) => !EXEMPT.some((e) => f.startsWith(e)));
}

export function scan(): Finding[] {
  return checkedFiles().flatMap((f) => findings(f, readFileSync(path.join(root, f), "utf8")));
}

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
//  - call `.$transaction(` (a transaction opened beside `withTransaction`).
const root = path.resolve(import.meta.dirname, "../..");
const DIRS = ["app", "components", "lib", "inngest", "scripts", "bench"];
const EXEMPT = [`lib${path.sep}db${path.sep}`];

export type Finding = { file: string; line: number; rule: "ProjectRef" | "tx parameter" | "$transaction"; text: string };

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
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
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

// viem's convention, checked: every function a public entry of the package exports that throws (a
// `throw` of its own, or a `@throws` in its JSDoc) has its `XErrorType` beside it, so a caller can
// name what to catch. Read from the syntax alone: the entries of package.json's `exports`, followed
// through their `export { ... } from` and `export * from` to the file that declares each function.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";
import { resolveRelative } from "./support/staticImports.js";
import { workspacePackages } from "./support/workspacePackages.js";

const root = fileURLToPath(new URL("../", import.meta.url));

const sources = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  const known = sources.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  sources.set(file, source);
  return source;
}

/** The functions a module exports (by the name it exports them under), with the file declaring each. */
function exportedFunctions(file: string, seen = new Set<string>()): Map<string, string> {
  const found = new Map<string, string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = parse(file);
  for (const node of source.statements) {
    if (
      ts.isFunctionDeclaration(node) &&
      node.name &&
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      found.set(node.name.text, file);
    if (!ts.isExportDeclaration(node) || node.isTypeOnly || !node.moduleSpecifier) continue;
    const target = resolveRelative(file, (node.moduleSpecifier as ts.StringLiteral).text);
    const inner = exportedFunctions(target, seen);
    if (!node.exportClause) for (const [name, at] of inner) found.set(name, at);
    else if (ts.isNamedExports(node.exportClause))
      for (const element of node.exportClause.elements) {
        const at = inner.get((element.propertyName ?? element.name).text);
        if (at && !element.isTypeOnly) found.set(element.name.text, at);
      }
  }
  seen.delete(file);
  return found;
}

/** Whether a function throws by its own statements (nested functions left out) or says it does. */
function throws(declaration: ts.FunctionDeclaration): boolean {
  if (ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === "throws")) return true;
  let found = false;
  const visit = (node: ts.Node) => {
    if (ts.isThrowStatement(node)) found = true;
    else if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  if (declaration.body) ts.forEachChild(declaration.body, visit);
  return found;
}

/** The source files of both packages' public entries (their exports' targets, as sources). */
const publicEntries = (): string[] =>
  workspacePackages.flatMap((pkg) => [...pkg.entries.values()].map((entry) => entry.source));

/** The functions of the packages' public entries that throw and have no `XErrorType` beside them. */
function missingErrorTypes(): string[] {
  const missing = new Set<string>();
  for (const entry of publicEntries()) {
    for (const [exported, file] of exportedFunctions(entry)) {
      const source = parse(file);
      const types = new Set(
        source.statements.filter(ts.isTypeAliasDeclaration).map((alias) => alias.name.text),
      );
      const declaration = source.statements.find(
        (node): node is ts.FunctionDeclaration =>
          ts.isFunctionDeclaration(node) && node.name?.text === exported,
      );
      if (!declaration || !throws(declaration)) continue;
      const errorType = `${exported[0]?.toUpperCase()}${exported.slice(1)}ErrorType`;
      if (!types.has(errorType)) missing.add(`${file.slice(root.length)}: ${exported} (no ${errorType})`);
    }
  }
  return [...missing].sort();
}

test("default: every public function that throws has its XErrorType beside it", () => {
  expect(missingErrorTypes()).toEqual([]);
});

test("the check sees through barrels and finds what it must", () => {
  const core = join(root, "packages/attestkit/src");
  const functions = exportedFunctions(join(core, "index.ts"));
  // Through `export * from "./attestation/index.js"` to the file that declares it.
  expect(functions.get("verifyAttestation")).toBe(join(core, "attestation/verifyAttestation.ts"));
  expect(publicEntries()).toContain(join(root, "packages/devnet/src/cli/index.ts"));
  const verify = parse(join(core, "attestation/verifyAttestation.ts")).statements.find(
    (node): node is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(node) && node.name?.text === "verifyAttestation",
  );
  expect(verify && throws(verify)).toBe(true);
  // A function that only defines closures which throw does not throw itself.
  const closure = ts.createSourceFile(
    "x.ts",
    "function f() { return () => { throw new Error() } }",
    ts.ScriptTarget.Latest,
    true,
  );
  expect(throws(closure.statements[0] as ts.FunctionDeclaration)).toBe(false);
});

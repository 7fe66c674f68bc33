// Test support: the modules a TypeScript entry loads, found by parsing its import graph.
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, resolve } from "node:path";
import ts from "typescript";

export type ImportGraph = {
  /** Source files the entry loads at import time (static, value imports), absolute paths. */
  files: string[];
  /** Packages those files import statically (`viem`, `zod`, ...), sorted. */
  packages: string[];
  /** Packages they import only with `import()` (loaded on first use), sorted. */
  lazyPackages: string[];
};

/** `viem/accounts` -> `viem`, `@noble/curves/secp256k1.js` -> `@noble/curves`, `node:fs` -> `node:fs`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

const isBuiltin = (name: string) => name.startsWith("node:") || builtinModules.includes(name);

/** The modules a file names: loaded at import time (`eager`), with `import()` (`lazy`), or for types only. */
export function moduleSpecifiers(file: string): { eager: string[]; lazy: string[]; types: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const eager: string[] = [];
  const lazy: string[] = [];
  const types: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import type` and imports whose every name is `type` are erased from the output.
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      (typeOnly ? types : eager).push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      (typeOnly ? types : eager).push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      lazy.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { eager, lazy, types };
}

/** Resolves a relative specifier (`./x.js`) to the TypeScript source it names. */
export function resolveRelative(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, ".ts"), target, `${target}.ts`, `${target}/index.ts`])
    if (existsSync(candidate) && candidate.endsWith(".ts")) return candidate;
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/**
 * Walks the value imports of a TypeScript entry (type-only imports are erased, so they load nothing)
 * and lists the files and packages it loads at import time, and the packages it loads lazily.
 */
export function importGraph(entry: string): ImportGraph {
  const files = new Set<string>();
  const lazyFiles = new Set<string>();
  const packages = new Set<string>();
  const lazyPackages = new Set<string>();
  // What a file loads is eager when the file itself is; everything behind an import() is lazy.
  const walk = (start: string, eagerly: boolean): void => {
    const seen = eagerly ? files : lazyFiles;
    const pending = [start];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file) || (!eagerly && files.has(file))) continue;
      seen.add(file);
      const { eager, lazy } = moduleSpecifiers(file);
      for (const specifier of eager) {
        if (specifier.startsWith(".")) pending.push(resolveRelative(file, specifier));
        else if (!isBuiltin(specifier)) (eagerly ? packages : lazyPackages).add(packageName(specifier));
      }
      for (const specifier of lazy) {
        if (specifier.startsWith(".")) later.push(resolveRelative(file, specifier));
        else if (!isBuiltin(specifier)) lazyPackages.add(packageName(specifier));
      }
    }
  };
  const later: string[] = [];
  walk(entry, true);
  for (const file of later) walk(file, false);
  for (const name of packages) lazyPackages.delete(name);
  return { files: [...files].sort(), packages: [...packages].sort(), lazyPackages: [...lazyPackages].sort() };
}

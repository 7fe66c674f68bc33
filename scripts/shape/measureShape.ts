/**
 * Measures the code's shape: functions over 80 and over 150 lines, `as` casts per 1,000 lines, and
 * exported symbols per public subpath. Hand-written source only: tests and generated files are left
 * out. Prints JSON (`npm run shape`); `--list` adds every long function with its place.
 */

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { workspacePackages } from "../../test/support/workspacePackages.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Files written by `npm run generate` (not hand-written): left out of every figure. */
const generated = new Set([
  "packages/attestkit/src/contracts/abis.ts",
  "packages/attestkit/src/contracts/bytecodes.ts",
  "packages/attestkit/src/contracts/index.ts",
  "packages/devnet/src/contracts/abis.ts",
  "packages/devnet/src/contracts/bytecodes.ts",
  "packages/attestkit/src/audit/internal/multiplyLimbs.ts",
]);

/** One function-like node: where it is, its name as far as the syntax gives one, and its length. */
export type FunctionShape = { file: string; line: number; name: string; lines: number };

/** The hand-written TypeScript sources under `dirs` (both packages' by default), as the repository tracks them. */
export function handWrittenSources(dirs = ["packages/attestkit/src", "packages/devnet/src"]): string[] {
  return execFileSync("git", ["ls-files", ...dirs], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !generated.has(file));
}

/** The name a function node goes by: its own, its variable's, its property's, or `(anonymous)`. */
function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** Every function, arrow function, method and accessor of one file, with its length in lines. */
export function functionShapes(file: string, text: string): FunctionShape[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const shapes: FunctionShape[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      shapes.push({ file, line: start + 1, name: nameOf(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shapes;
}

/** How many `x as T` expressions a file holds (`as const` left out: it narrows, it does not cast). */
export function castCount(file: string, text: string): number {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let count = 0;
  const visit = (node: ts.Node) => {
    if (
      ts.isAsExpression(node) &&
      !(ts.isTypeReferenceNode(node.type) && node.type.getText(source) === "const")
    )
      count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/** The public subpaths of both packages and how many symbols each exports (values and types). */
function exportedSymbols(): Record<string, number> {
  const files = workspacePackages.flatMap((pkg) =>
    [...pkg.entries].map(([subpath, { source }]) => ({ subpath, file: source })),
  );
  const program = ts.createProgram(
    files.map(({ file }) => file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true },
  );
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    files.map(({ subpath, file }) => {
      const source = program.getSourceFile(file);
      const symbol = source && checker.getSymbolAtLocation(source);
      return [subpath, symbol ? checker.getExportsOfModule(symbol).length : 0];
    }),
  );
}

const files = handWrittenSources();
const texts = files.map((file) => ({ file, text: readFileSync(`${root}${file}`, "utf8") }));
const lines = texts.reduce((sum, { text }) => sum + text.split("\n").length, 0);
const shapes = texts.flatMap(({ file, text }) => functionShapes(file, text));
const casts = texts.reduce((sum, { file, text }) => sum + castCount(file, text), 0);
const over80 = shapes.filter((shape) => shape.lines > 80).sort((a, b) => b.lines - a.lines);
const report = {
  files: files.length,
  lines,
  functions: shapes.length,
  over80: over80.length,
  over150: over80.filter((shape) => shape.lines > 150).length,
  over80Per10kLines: Number(((over80.length / lines) * 10_000).toFixed(2)),
  casts,
  castsPer1kLines: Number(((casts / lines) * 1_000).toFixed(2)),
  exportedSymbols: exportedSymbols(),
  ...(process.argv.includes("--list")
    ? { long: over80.map(({ file, line, name, lines }) => `${lines} ${name} ${file}:${line}`) }
    : {}),
};
console.log(JSON.stringify(report, null, 2));

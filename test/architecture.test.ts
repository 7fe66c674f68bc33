// The architecture of docs/architecture.md, checked: its two tables are the data. Every import
// between the workspace's packages must be one the table of packages allows (through the imported
// package's exports only), every import between parts of attestkit's src/ one the table of parts
// allows, the parts must be the folders of src/, the allowed imports must point one way (no cycle),
// no shipped file of either package may import itself through a circle of files (type-only imports
// included), and every shipped file must be something its package loads (test support lives in
// test/support/).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { defaultDevnetPort } from "../packages/attestkit/src/cli/defaultDevnetPort.js";
import { defaultDevnetPort as devnetPort } from "../packages/devnet/src/constants.js";
import { moduleSpecifiers as parseSpecifiers, resolveRelative } from "./support/staticImports.js";
import { workspacePackages } from "./support/workspacePackages.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const src = join(root, "packages/attestkit/src");
const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");

const packages = workspacePackages;
const packageOf = (file: string) => packages.find((pkg) => file.startsWith(`${pkg.src}${sep}`));
/** A bare specifier naming a workspace package: its package, and the export's source (undefined if not exported). */
function workspaceTarget(specifier: string) {
  const pkg = packages.find(
    (candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
  );
  return pkg ? { pkg, file: pkg.entries.get(specifier)?.source } : undefined;
}

/** The doc's table of packages: package -> the packages it may import. */
function readPackageTable(): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>();
  for (const line of doc.split("\n")) {
    const row = /^\| `(@?[a-z/]+)` \| `packages\/[a-z]+\/` \|.*\| ([^|]*) \|$/.exec(line);
    if (row)
      table.set(
        row[1] as string,
        new Set([...(row[2] as string).matchAll(/`(@?[a-z/]+)`/g)].map((m) => m[1] as string)),
      );
  }
  return table;
}

/** The rows of the doc's table of parts: part -> the parts it may import, and those it may name in types only. */
function readTable(): Map<string, { imports: Set<string>; typesOnly: Set<string> }> {
  const table = new Map<string, { imports: Set<string>; typesOnly: Set<string> }>();
  for (const line of doc.split("\n")) {
    const row = /^\| `([a-z]+\/|index\.ts)` \|.*\| ([^|]*) \|$/.exec(line);
    if (!row) continue;
    const imports = new Set<string>();
    const typesOnly = new Set<string>();
    for (const entry of (row[2] as string).split(",")) {
      const name = /`([a-z]+)`/.exec(entry)?.[1];
      if (!name) continue;
      (/\(types\)/.test(entry) ? typesOnly : imports).add(name);
    }
    table.set((row[1] as string).replace(/\/$/, ""), { imports, typesOnly });
  }
  return table;
}

/** The modules a file names, parsed once per file for all the tests of this suite. */
const parsed = new Map<string, ReturnType<typeof parseSpecifiers>>();
const moduleSpecifiers = (file: string) => {
  const known = parsed.get(file);
  if (known) return known;
  const specifiers = parseSpecifiers(file);
  parsed.set(file, specifiers);
  return specifiers;
};

/** Every .ts file under a directory. */
function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** The part of src/ a file belongs to: its top folder, or `index.ts` for the main entry. */
const partOf = (file: string) => {
  const [first, second] = relative(src, file).split(sep);
  return second === undefined ? (first as string) : (first as string);
};

const table = readTable();
const packageTable = readPackageTable();
/** attestkit's shipped files (the parts' rules apply to them), and both packages'. */
const shipped = walk(src).filter((file) => !file.endsWith(".test.ts"));
const allShipped = packages.flatMap((pkg) => walk(pkg.src).filter((file) => !file.endsWith(".test.ts")));

/** The files a file names: relative imports, and workspace packages' exports resolved to their sources. */
function targetsOf(file: string): string[] {
  const { eager, lazy, types } = moduleSpecifiers(file);
  return [...eager, ...lazy, ...types].flatMap((specifier) => {
    if (specifier.startsWith(".")) return [resolveRelative(file, specifier)];
    const target = workspaceTarget(specifier)?.file;
    return target ? [target] : [];
  });
}

test("default: every import between parts of src/ is one the table of docs/architecture.md allows", () => {
  const refused: string[] = [];
  for (const file of shipped) {
    const from = partOf(file);
    const rule = table.get(from);
    const { eager, lazy, types } = moduleSpecifiers(file);
    const check = (specifier: string, typeOnly: boolean) => {
      if (!specifier.startsWith(".")) return;
      const target = resolveRelative(file, specifier);
      if (!target.startsWith(`${src}${sep}`)) {
        refused.push(`${relative(root, file)} imports ${relative(root, target)}, outside src/`);
        return;
      }
      const to = partOf(target);
      if (to === from) return;
      const allowed = rule?.imports.has(to) || (typeOnly && rule?.typesOnly.has(to));
      if (!allowed) refused.push(`${relative(root, file)} -> ${to}${typeOnly ? " (types)" : ""}`);
    };
    for (const specifier of [...eager, ...lazy]) check(specifier, false);
    for (const specifier of types) check(specifier, true);
  }
  expect(refused).toEqual([]);
});

test("the table lists exactly the parts of src/", () => {
  const parts = readdirSync(src).filter(
    (name) => statSync(join(src, name)).isDirectory() || name === "index.ts",
  );
  expect([...table.keys()].sort()).toEqual(parts.sort());
});

test("the allowed imports point one way: no part loads itself through them", () => {
  // Type-only names load nothing at run time; the parts they may name are listed apart, as "(types)".
  const reaches = (from: string, seen = new Set<string>()): Set<string> => {
    for (const next of table.get(from)?.imports ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        reaches(next, seen);
      }
    return seen;
  };
  expect([...table.keys()].filter((part) => reaches(part).has(part))).toEqual([]);
  // No part names types of a part above it either: each part keeps its own errors (errors/ holds only
  // what they are built on), so the table has no "(types)" exception left.
  expect([...table].filter(([, rule]) => rule.typesOnly.size > 0).map(([part]) => part)).toEqual([]);
});

/**
 * The file-level import circles of a graph (file -> the files it names, type-only imports included):
 * one circle per strongly connected component (Tarjan), written `a.ts -> b.ts -> a.ts` with the
 * shortest way back to its first file.
 */
function findImportCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  // In each component, the shortest way from its first file back to itself (breadth first).
  return components.map((component) => {
    const members = new Set(component);
    const start = component[0] as string;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      for (const next of graph.get(file) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const circle = [start];
          for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at))
            circle.splice(1, 0, at);
          return [...circle, start];
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, file);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

test("no shipped file of either package imports itself through a circle of files, type-only imports included", () => {
  // Shipped files only: nothing imports a test file, so no circle runs through one. A package import
  // is an edge to the export's source file, so a circle through both packages is found too.
  const graph = new Map(allShipped.map((file) => [file, targetsOf(file)] as const));
  const circles = findImportCircles(graph).map((circle) =>
    circle.map((file) => relative(root, file)).join(" -> "),
  );
  // A type moved to where it belongs (the part's types.ts, the function that takes it) ends a circle.
  expect(circles, `import circles:\n${circles.join("\n")}`).toEqual([]);
});

test("the table of packages names exactly the workspace's packages", () => {
  expect([...packageTable.keys()].sort()).toEqual(packages.map((pkg) => pkg.name).sort());
  expect(packageTable.get("attestkit")).toEqual(new Set());
  expect(packageTable.get("@attestkit/devnet")).toEqual(new Set(["attestkit"]));
});

test("default: each package's shipped files import another package only as the table allows, and only through its exports", () => {
  const refused: string[] = [];
  for (const file of allShipped) {
    const own = packageOf(file);
    const { eager, lazy, types } = moduleSpecifiers(file);
    for (const specifier of [...eager, ...lazy, ...types]) {
      if (specifier.startsWith(".")) {
        const target = resolveRelative(file, specifier);
        if (own && !target.startsWith(`${own.src}${sep}`))
          refused.push(
            `${relative(root, file)} imports ${relative(root, target)}, outside its package's src/`,
          );
        continue;
      }
      const named = workspaceTarget(specifier);
      if (!named || named.pkg === own) continue;
      if (!own || !packageTable.get(own.name)?.has(named.pkg.name))
        refused.push(`${relative(root, file)} -> ${specifier} (the table does not allow it)`);
      else if (!named.file) refused.push(`${relative(root, file)} -> ${specifier} (not in its exports)`);
    }
  }
  expect(refused).toEqual([]);
  // And the rule can fail: an internal module is not an export.
  expect(workspaceTarget("attestkit/schemas")?.file).toBe(join(src, "schemas", "index.ts"));
  expect(workspaceTarget("attestkit/errors/showValue")?.file).toBeUndefined();
});

test("attestkit's default devnet port is the devnet's", () => {
  expect(defaultDevnetPort).toBe(devnetPort);
});

test("findImportCircles: a circle is reported with its way back, a chain is not", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a", "d"]],
    ["d", []],
    ["e", ["e"]],
    ["f", ["d"]],
  ]);
  expect(findImportCircles(graph)).toEqual([
    ["a", "b", "c", "a"],
    ["e", "e"],
  ]);
  expect(
    findImportCircles(
      new Map([
        ["x", ["y"]],
        ["y", []],
      ]),
    ),
  ).toEqual([]);
});

describe("each package's src/ holds only what ships", () => {
  const [core, devnet] = packages;
  const entries = [
    ...packages.flatMap((pkg) => [...pkg.entries.values()].map((entry) => entry.source)),
    join(core.src, "cli/main.ts"),
    // Started as a worker thread by startAuditWorker (new URL("./auditWorker.js")).
    join(core.src, "audit/auditWorker.ts"),
    // A folder's public surface.
    ...allShipped.filter((file) => file.endsWith(`${sep}index.ts`)),
  ];

  test("every shipped file is reached from a package entry, the CLI, the audit worker or a folder's index", () => {
    const reached = new Set<string>();
    const pending = [...entries];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (reached.has(file)) continue;
      reached.add(file);
      const { eager, lazy, types } = moduleSpecifiers(file);
      for (const specifier of [...eager, ...lazy, ...types])
        if (specifier.startsWith(".")) pending.push(resolveRelative(file, specifier));
    }
    expect(allShipped.filter((file) => !reached.has(file)).map((file) => relative(root, file))).toEqual([]);
    expect(reached.has(join(devnet.src, "cli", "runDevnet.ts"))).toBe(true);
  });

  test("no test file of either package's src/ imports from scripts/", () => {
    const tests = packages.flatMap((pkg) => walk(pkg.src).filter((file) => file.endsWith(".test.ts")));
    const fromScripts = tests.filter((file) =>
      moduleSpecifiers(file)
        .eager.concat(moduleSpecifiers(file).types)
        .some(
          (specifier) =>
            specifier.startsWith(".") && resolveRelative(file, specifier).startsWith(join(root, "scripts")),
        ),
    );
    expect(fromScripts.map((file) => relative(root, file))).toEqual([]);
  });
});

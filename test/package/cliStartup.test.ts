// The command line starts on commander alone: each command registers its options and help with light
// imports and loads what does its work when it runs. Checked twice: on the sources' import graph
// (which file pulls what), and on the built CLI run as a child process under a module-resolve hook
// (what Node really loads for `--help`, every command's `--help` and a small audit).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { waitForStagedPackages } from "../support/stagePackages.js";
import { importGraph } from "../support/staticImports.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const attestation = JSON.parse(readFileSync(join(root, "test/vectors/live-attestation.json"), "utf8"));

/** What the CLI must never load before a command runs, and what a small audit must never load. */
const heavy = [
  "viem",
  "ox",
  "abitype",
  "zod",
  "hono",
  "@hono/node-server",
  "ws",
  "@scure/btc-signer",
  "hardhat",
];

/** Every command and subcommand, as `attestkit <path> --help` takes it. */
const commands = [
  "verify",
  "encode",
  "audit",
  "collect",
  "status",
  "quote",
  "devnet",
  "devnet replay-webhook",
  "devnet trigger",
  "deploy",
  "explain",
  "execute",
  "webhooks",
  "webhooks listen",
  "completion",
];

// Records the URL of every module the process resolves and writes them out when it exits.
const hookSource = `
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
if (typeof registerHooks !== "function") throw new Error("module.registerHooks needs Node.js >= 22.15");
const urls = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    urls.add(result.url);
    return result;
  },
});
process.on("exit", () => writeFileSync(process.env.ATTESTKIT_LOADED_OUT, JSON.stringify([...urls])));
`;

let work: string;
let main: string;
let hook: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "attestkit-cli-startup-"));
  // The package as installed: plain JavaScript from tsc, its dependencies from this checkout.
  writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(join(root, "node_modules"), join(work, "node_modules"), "dir");
  // The build `npm test` staged for the package tests (the same emit, comments aside), else tsc's.
  const staged = await waitForStagedPackages();
  if (staged) cpSync(join(staged.core, "dist"), join(work, "dist"), { recursive: true });
  else buildTo(join(work, "dist"));
  main = join(work, "dist/cli/main.js");
  hook = join(work, "loadedHook.mjs");
  writeFileSync(hook, hookSource);
  writeFileSync(
    join(work, "small.jsonl"),
    `${Array.from({ length: 3 }, () => JSON.stringify(attestation)).join("\n")}\n`,
  );
});

/** The CLI as tsc emits it from the package's sources, JavaScript only. */
function buildTo(outDir: string): void {
  const build = spawnSync(
    process.execPath,
    [
      join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      join(root, "packages/attestkit/tsconfig.build.json"),
      "--outDir",
      outDir,
      "--declaration",
      "false",
      // Emit only: the types are checked by the typecheck, and this build's output is the same.
      "--noCheck",
    ],
    { encoding: "utf8" },
  );
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs the built CLI with `args` and lists the packages it loaded (by name) and its own modules. */
function load(args: string[]): { status: number | null; stdout: string; packages: string[]; own: number } {
  const out = join(work, "loaded.json");
  const result = spawnSync(process.execPath, ["--import", pathToFileURL(hook).href, main, ...args], {
    cwd: work,
    encoding: "utf8",
    env: { ...process.env, ATTESTKIT_LOADED_OUT: out, ATTESTKIT_API: "http://127.0.0.1:9" },
    timeout: 60_000,
  });
  const urls = JSON.parse(readFileSync(out, "utf8")) as string[];
  rmSync(out);
  const packages = new Set<string>();
  for (const url of urls) {
    const parts = url.split("/node_modules/");
    if (parts.length < 2) continue;
    const [first = "", second = ""] = (parts.at(-1) as string).split("/");
    packages.add(first.startsWith("@") ? `${first}/${second}` : first);
  }
  const dist = pathToFileURL(join(realpathSync(work), "dist")).href;
  return {
    status: result.status,
    stdout: result.stdout,
    packages: [...packages].sort(),
    own: urls.filter((url) => url.startsWith(dist)).length,
  };
}

describe("the built CLI, under a module-resolve hook", () => {
  test("default: --help loads commander and no other package", () => {
    const { status, stdout, packages, own } = load(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("Usage: attestkit");
    expect(packages).toEqual(["commander"]);
    // The program, its option helpers and the error path; not one module of a command's work.
    expect(own).toBeGreaterThan(5);
    expect(own).toBeLessThan(60);
  });

  test.each(commands)("%s --help loads commander and no other package", (command) => {
    const { status, stdout, packages } = load([...command.split(" "), "--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain(`Usage: attestkit ${command}`);
    expect(packages).toEqual(["commander"]);
  });

  test("an option refused before any command runs is reported without loading a command's work", () => {
    const { status, packages } = load(["--timeout", "x", "status", `0x${"ab".repeat(32)}`]);
    expect(status).toBe(2);
    expect(packages).toEqual(["commander"]);
  });

  test("a completion script is generated with commander alone", () => {
    const { status, stdout, packages } = load(["completion", "bash"]);
    expect(status).toBe(0);
    expect(stdout).toContain("complete -o default -F _attestkit attestkit");
    expect(packages).toEqual(["commander"]);
  });

  test("a small audit loads neither viem, zod, the devnet nor the service client", () => {
    const { status, stdout, packages } = load(["audit", join(work, "small.jsonl"), "--workers", "0"]);
    expect(status).toBe(0);
    expect(stdout).toContain("verdict      ALL VALID");
    for (const name of heavy) expect(packages, name).not.toContain(name);
  });

  test("the check sees what a command's work loads: encode loads viem when it runs", () => {
    const file = join(work, "attestation.json");
    writeFileSync(file, JSON.stringify(attestation));
    const { status, packages } = load(["encode", "--file", file]);
    expect(status).toBe(0);
    expect(packages).toContain("viem");
  });
});

describe("the sources' import graph", () => {
  const main = join(root, "packages/attestkit/src/cli/main.ts");
  test("packages/attestkit/src/cli/main.ts imports commander and no other package before a command runs", () => {
    expect(importGraph(main).packages).toEqual(["commander"]);
  });

  test("the commands' work is behind import(): the graph walker sees the heavy packages there, and never the devnet's", () => {
    const { lazyPackages } = importGraph(main);
    for (const name of ["viem", "zod", "@scure/btc-signer"]) expect(lazyPackages).toContain(name);
    // The devnet's work is its own package's, loaded by a specifier no graph of attestkit holds.
    for (const name of ["hono", "@hono/node-server", "hardhat", "@attestkit/devnet"])
      expect(lazyPackages).not.toContain(name);
  });
});

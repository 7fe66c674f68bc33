/**
 * Every generated file of the repository, rendered from its sources, and the one check of all of
 * them: the contracts modules (from the compiled artifacts), the shared vector files (from their
 * builders and fixed keys) and the Solidity vector constants (from those vectors). `npm run generate`
 * writes them; `npm run generate -- --check` and the tests (test/generated.test.ts) compare. And the
 * reference pages: docs/cli.md (walked from the commander program) and docs/solidity.md (the NatSpec). And the noble engine's written-out field
 * multiplication (packages/attestkit/src/audit/internal/multiplyLimbs.ts). And one contract source: the order v1
 * walker rendered into the template of contracts/libraries/OrderLib.sol (scripts/generate/orderWalker.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi } from "viem";
import { buildOrderVectors } from "../../test/vectors/buildOrderVectors.js";
import { buildVectors } from "../../test/vectors/buildVectors.js";
import { renderVectorsSolidity } from "./attestationVectorsSolidity.js";
import { renderCliReference } from "./cliReference.js";
import { contracts, readArtifact, renderContractsModule } from "./contractsModule.js";
import { renderMultiplyLimbs } from "./multiplyLimbs.js";
import { renderOrderVectorsSolidity } from "./orderVectorsSolidity.js";
import { renderOrderLib } from "./orderWalker.js";
import { renderSolidityReference } from "./solidityReference.js";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** A group of generated files, by what they are made from. */
export type GeneratedGroup = "contracts" | "vectors" | "docs" | "engine";

/** One generated file: its path (relative to the repository root) and its content as it must be. */
export type GeneratedFile = { path: string; group: GeneratedGroup; text: string };

/** Formats TypeScript like the rest of the sources (Biome), so `npm run lint` passes on generated files. */
function formatTypeScript(path: string, text: string): string {
  return execFileSync(`${root}node_modules/.bin/biome`, ["format", `--stdin-file-path=${path}`], {
    input: text,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Renders every generated file. The contracts modules need compiled artifacts (`npx hardhat build`;
 * the tests' global setup and `npm run generate` build first).
 *
 * @param groups - Which groups to render (default: all).
 * @returns The files, in the order they depend on each other.
 */
export async function renderGeneratedFiles(
  groups: readonly GeneratedGroup[] = ["contracts", "vectors", "docs", "engine"],
): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  if (groups.includes("contracts")) {
    files.push(renderOrderLibFile());
    for (const [path, text] of Object.entries(renderContractsModule()))
      files.push({ path, group: "contracts", text: formatTypeScript(path, text) });
  }
  if (groups.includes("vectors")) {
    const attestations = json(await buildVectors());
    const orders = json(await buildOrderVectors());
    // The order structs are encoded with the ABI just compiled, not the committed module's.
    const orderVerifierAbi = readArtifact(contracts.OrderVerifier.artifact).abi as Abi;
    files.push(
      { path: "test/vectors/attestations.json", group: "vectors", text: attestations },
      { path: "test/vectors/orders.json", group: "vectors", text: orders },
      {
        path: "test/solidity/generated/AttestationVectors.sol",
        group: "vectors",
        text: renderVectorsSolidity(attestations),
      },
      {
        path: "test/solidity/generated/OrderVectors.sol",
        group: "vectors",
        text: renderOrderVectorsSolidity(orders, orderVerifierAbi),
      },
    );
  }
  if (groups.includes("engine")) {
    const path = "packages/attestkit/src/audit/internal/multiplyLimbs.ts";
    files.push({ path, group: "engine", text: formatTypeScript(path, renderMultiplyLimbs()) });
  }
  if (groups.includes("docs"))
    files.push(
      { path: "docs/cli.md", group: "docs", text: await renderCliReference() },
      { path: "docs/solidity.md", group: "docs", text: renderSolidityReference() },
    );
  return files;
}

export type CheckGeneratedFilesParameters = {
  groups?: readonly GeneratedGroup[] | undefined;
  /** Reads a committed file (replaceable in tests); the file system by default. */
  read?: ((path: string) => string | undefined) | undefined;
  /** Files already rendered by {@link renderGeneratedFiles} (rendered now by default). */
  files?: readonly GeneratedFile[] | undefined;
};

/**
 * Compares every generated file with what its sources render now.
 *
 * @param parameters - {@link CheckGeneratedFilesParameters}
 * @returns The paths of the files that are missing or out of date (empty when all are current).
 * @example
 * const stale = await checkGeneratedFiles() // [] when `npm run generate` has nothing to do
 */
export async function checkGeneratedFiles({
  groups,
  read = readCommitted,
  files: rendered,
}: CheckGeneratedFilesParameters = {}): Promise<string[]> {
  const files = rendered ?? (await renderGeneratedFiles(groups));
  return files.filter(({ path, text }) => read(path) !== text).map(({ path }) => path);
}

/**
 * Writes every generated file that differs from what its sources render now.
 *
 * @param groups - Which groups to write (default: all).
 * @returns The paths written.
 */
export async function writeGeneratedFiles(groups?: readonly GeneratedGroup[]): Promise<string[]> {
  const written: string[] = [];
  if (!groups || groups.includes("contracts")) {
    // A contract source: written first, then built, so that the ABIs and bytecodes rendered next are its.
    const { path, text } = renderOrderLibFile();
    if (readCommitted(path) !== text) {
      writeFileSync(`${root}${path}`, text);
      written.push(path);
      const hre = (await import("hardhat")).default;
      await hre.tasks.getTask("build").run({ quiet: true });
    }
  }
  for (const { path, text } of await renderGeneratedFiles(groups)) {
    if (readCommitted(path) === text) continue;
    mkdirSync(dirname(`${root}${path}`), { recursive: true });
    writeFileSync(`${root}${path}`, text);
    written.push(path);
  }
  return written;
}

/** contracts/libraries/OrderLib.sol as it must be: its template with the order v1 walker rendered in. */
function renderOrderLibFile(): GeneratedFile {
  const template = readFileSync(`${root}scripts/generate/templates/OrderLib.template.sol`, "utf8");
  return {
    path: "packages/attestkit/contracts/libraries/OrderLib.sol",
    group: "contracts",
    text: renderOrderLib(template),
  };
}

function readCommitted(path: string): string | undefined {
  try {
    return readFileSync(`${root}${path}`, "utf8");
  } catch {
    return undefined;
  }
}

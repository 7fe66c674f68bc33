import { expect, test } from "vitest";
import { checkGeneratedFiles, renderGeneratedFiles } from "../scripts/generate/generatedFiles.js";

// The global test setup has just built the contracts: every generated file must match what its
// sources render now (`npm run generate -- --check` runs the same check). Rendered once, for both tests.
const files = await renderGeneratedFiles();

test("default: every generated file is up to date (run `npm run generate` if not)", async () => {
  expect(await checkGeneratedFiles({ files })).toEqual([]);
});

test("the check covers every generated file, and names each one that is stale or missing", async () => {
  const paths = files.map(({ path }) => path);
  expect(paths.sort()).toEqual(
    [
      "packages/attestkit/contracts/libraries/OrderLib.sol",
      "packages/attestkit/src/contracts/abis.ts",
      "packages/attestkit/src/contracts/bytecodes.ts",
      "packages/attestkit/src/contracts/index.ts",
      "packages/devnet/src/contracts/abis.ts",
      "packages/devnet/src/contracts/bytecodes.ts",
      "test/support/generated/abis.ts",
      "test/support/generated/bytecodes.ts",
      "test/vectors/attestations.json",
      "test/vectors/orders.json",
      "test/solidity/generated/AttestationVectors.sol",
      "test/solidity/generated/OrderVectors.sol",
      "docs/cli.md",
      "docs/solidity.md",
      "packages/attestkit/src/audit/internal/multiplyLimbs.ts",
    ].sort(),
  );
  const stale = "test/vectors/orders.json";
  const missing = "packages/attestkit/src/contracts/index.ts";
  const current = new Map(files.map(({ path, text }) => [path, text]));
  const read = (path: string) => (path === missing ? undefined : path === stale ? "{}\n" : current.get(path));
  expect((await checkGeneratedFiles({ files, read })).sort()).toEqual([missing, stale].sort());
});

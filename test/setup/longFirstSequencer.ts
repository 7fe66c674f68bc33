import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take tens of seconds each (npm, solc and Hardhat in fresh projects, whole
 * devnets, a browser, the demo), longest first as measured on a fresh clone. Two workers share two
 * cores: one of these started last keeps one core busy for its whole length while the other idles.
 * vitest orders by the durations of the previous run, but a fresh clone has none (it falls back to
 * file size), so these are started first whatever it knows.
 */
export const longTestFiles = [
  "test/package/pack.test.ts",
  "packages/attestkit/src/audit/verifyAttestations.test.ts",
  "test/demo/demo.test.ts",
  "packages/devnet/test/dashboard.test.ts",
  "packages/devnet/test/chainHistory.test.ts",
  "test/contracts/deploy.test.ts",
  "packages/devnet/test/explainRoutes.test.ts",
  "packages/devnet/test/durableBitcoinExchange.test.ts",
  "packages/devnet/test/durableState.test.ts",
  "test/examples/readmeBlocks.test.ts",
  "test/examples/examples.test.ts",
  "packages/attestkit/src/cli/commands/devnetTrigger.test.ts",
  "packages/devnet/test/crashConsistency.test.ts",
  "packages/devnet/src/createDevnet.test.ts",
  "packages/attestkit/src/cli/commands/collectDevnet.test.ts",
];

/** vitest's order, with {@link longTestFiles} moved to the front, in their order, whatever their project. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longTestFiles.indexOf(relative(this.ctx.config.root, file.moduleId));
      return index === -1 ? longTestFiles.length : index;
    };
    // Stable: files of one rank keep vitest's order.
    return sorted
      .map((file, position) => ({ file, position, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ file }) => file);
  }
}

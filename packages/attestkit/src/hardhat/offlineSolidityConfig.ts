import { createRequire } from "node:module";
import { join } from "node:path";
import { SolcNotInstalledError, type SolcNotInstalledErrorType } from "./errors.js";

export type OfflineSolidityConfigParameters = {
  /**
   * The folder whose `node_modules` holds `solc`: the Hardhat project's root. Defaults to the
   * current directory (where `npx hardhat` runs); attestkit's own location is tried after it.
   */
  root?: string | undefined;
  /**
   * Contracts of installed packages to build artifacts for (Hardhat builds only your own sources
   * otherwise), e.g. `["attestkit/contracts/AttestedDepositReceiver.sol"]` to deploy the receiver
   * with Ignition. Default: none.
   */
  npmFilesToBuild?: readonly string[] | undefined;
  /**
   * Optimizer runs. Default: 200. The optimizer is always on: unoptimized, `AttestedDepositReceiver`
   * is over the 24,576-byte contract size limit (EIP-170).
   */
  optimizerRuns?: number | undefined;
};

/** The `solidity` value of a Hardhat 3 config: one compiler, given by path. */
export type OfflineSolidityConfigReturnType = {
  /** The installed `solc` package's version, e.g. `"0.8.30"`. */
  version: string;
  /** The absolute path of its `soljson.js`: with it, Hardhat neither fetches a compiler list nor downloads a compiler. */
  path: string;
  settings: {
    optimizer: { enabled: true; runs: number };
    /** `cancun`: the receiver's reentrancy guard uses transient storage (EIP-1153). */
    evmVersion: "cancun";
  };
  npmFilesToBuild: string[];
};

export type OfflineSolidityConfigErrorType = SolcNotInstalledErrorType;

/**
 * Returns the `solidity` settings of a Hardhat 3 config that compiles offline: the solcjs build of the
 * `solc` npm package installed in the project, the optimizer on, the `cancun` EVM.
 *
 * @param parameters - {@link OfflineSolidityConfigParameters}
 * @returns The settings, to pass as `solidity`. {@link OfflineSolidityConfigReturnType}
 * @throws {SolcNotInstalledError} when no `solc` package can be found.
 *
 * @example
 * // hardhat.config.ts
 * import { offlineSolidityConfig } from "attestkit/hardhat";
 * import { defineConfig } from "hardhat/config";
 *
 * export default defineConfig({ solidity: offlineSolidityConfig() });
 */
export function offlineSolidityConfig(
  parameters: OfflineSolidityConfigParameters = {},
): OfflineSolidityConfigReturnType {
  const root = parameters.root ?? process.cwd();
  const { version, path } = findSolc(root);
  return {
    version,
    path,
    settings: {
      optimizer: { enabled: true, runs: parameters.optimizerRuns ?? 200 },
      evmVersion: "cancun",
    },
    npmFilesToBuild: [...(parameters.npmFilesToBuild ?? [])],
  };
}

/** The `solc` package seen from `root`, else from attestkit's own folder (a hoisted install). */
function findSolc(root: string): { version: string; path: string } {
  let cause: unknown;
  for (const from of [join(root, "package.json"), import.meta.url]) {
    try {
      const require = createRequire(from);
      const path = require.resolve("solc/soljson.js");
      const { version } = require("solc/package.json") as { version: string };
      return { version, path };
    } catch (error) {
      cause ??= error;
    }
  }
  throw new SolcNotInstalledError({ root, cause });
}

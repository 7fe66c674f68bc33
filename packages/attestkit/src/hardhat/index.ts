/**
 * Hardhat 3, offline: the `solidity` settings that compile with the solcjs build of the `solc` npm
 * package (no compiler list fetched, no compiler downloaded), with the optimizer on.
 *
 * @module hardhat
 */
export type { SolcNotInstalledErrorType } from "./errors.js";
export { SolcNotInstalledError } from "./errors.js";
export {
  type OfflineSolidityConfigErrorType,
  type OfflineSolidityConfigParameters,
  type OfflineSolidityConfigReturnType,
  offlineSolidityConfig,
} from "./offlineSolidityConfig.js";

import { chainIds } from "./constants.js";
import type { VmType } from "./types.js";

export type VmTypeOfChainParameters = {
  /** The chain id. */
  chainId: bigint | number;
  /** Overrides by chain id (decimal string keys), e.g. for a new non-EVM chain. */
  vmTypes?: Readonly<Record<string, VmType>> | undefined;
};

export type VmTypeOfChainReturnType = VmType;

const builtIn: Readonly<Record<string, VmType>> = {
  [chainIds.bitcoin]: "bvm",
  [chainIds.solana]: "svm",
  [chainIds.eclipse]: "svm",
  [chainIds.tron]: "tvm",
  [chainIds.hyperliquid]: "hypevm",
  [chainIds.lighter]: "lvm",
};

/**
 * Tells which VM a chain runs, so its addresses get the right bytes32 rule. Chains the service runs
 * outside the EVM are listed; every other chain id is EVM, and EVM values are then checked strictly
 * as addresses, so a mislabelled chain fails loudly rather than encoding wrongly.
 *
 * @param parameters - {@link VmTypeOfChainParameters}
 * @returns The VM type. {@link VmTypeOfChainReturnType}
 * @example
 * vmTypeOfChain({ chainId: 792703809 }) // "svm"
 */
export function vmTypeOfChain({ chainId, vmTypes }: VmTypeOfChainParameters): VmTypeOfChainReturnType {
  const key = chainId.toString();
  return vmTypes?.[key] ?? builtIn[key] ?? "evm";
}

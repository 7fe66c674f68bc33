import { type Address, encodeFunctionData } from "viem";
import { devnetWethAbi } from "../contracts/abis.js";
import type { SelfExecution } from "../state/types.js";

export type SelfExecutedWethCallParameters = {
  operation: "wrap" | "unwrap";
  /** The chain's `DevnetWeth`. */
  weth: Address;
  recipient: Address;
  /** Wei. */
  amountIn: bigint;
};

/**
 * The call of a self-executed wrap or unwrap, in one step with WETH10's functions on `DevnetWeth`:
 * `depositTo(recipient)` with the value, or `withdrawTo(recipient, amount)`.
 *
 * @param parameters - {@link SelfExecutedWethCallParameters}
 * @returns The call. {@link SelfExecution}
 * @example
 * selfExecutedWethCall({ operation: "wrap", weth, recipient, amountIn: 10n ** 18n })
 */
export function selfExecutedWethCall({
  operation,
  weth,
  recipient,
  amountIn,
}: SelfExecutedWethCallParameters): SelfExecution {
  if (operation === "wrap")
    return {
      operation,
      to: weth,
      data: encodeFunctionData({ abi: devnetWethAbi, functionName: "depositTo", args: [recipient] }),
      value: amountIn,
    };
  return {
    operation,
    to: weth,
    data: encodeFunctionData({ abi: devnetWethAbi, functionName: "withdrawTo", args: [recipient, amountIn] }),
    value: 0n,
  };
}

import { type Address, encodeFunctionData } from "viem";
import { devnetTokenAbi } from "../contracts/abis.js";
import type { SelfExecution } from "../state/types.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

export type SelfExecutedSendCallParameters = {
  currencyIn: DevnetCurrency;
  recipient: Address;
  /** Smallest units of the currency (wei for the native one). */
  amountIn: bigint;
};

/**
 * The call of a self-executed `send` (same currency, same chain): the native value sent to the
 * recipient, or the token's `transfer(recipient, amount)`.
 *
 * @param parameters - {@link SelfExecutedSendCallParameters}
 * @returns The call. {@link SelfExecution}
 * @example
 * selfExecutedSendCall({ currencyIn: usdc, recipient, amountIn: 1_000_000n })
 */
export function selfExecutedSendCall({
  currencyIn,
  recipient,
  amountIn,
}: SelfExecutedSendCallParameters): SelfExecution {
  if (currencyIn.isNative) return { operation: "send", to: recipient, data: "0x", value: amountIn };
  return {
    operation: "send",
    to: currencyIn.address,
    data: encodeFunctionData({ abi: devnetTokenAbi, functionName: "transfer", args: [recipient, amountIn] }),
    value: 0n,
  };
}

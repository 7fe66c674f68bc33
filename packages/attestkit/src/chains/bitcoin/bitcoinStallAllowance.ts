import { bitcoinGuidance } from "./constants.js";
import type { InvalidRouteAmountErrorType } from "./errors.js";
import {
  type IsHighValueBitcoinDepositParameters,
  isHighValueBitcoinDeposit,
} from "./isHighValueBitcoinDeposit.js";

export type BitcoinStallAllowanceParameters = IsHighValueBitcoinDepositParameters;

export type BitcoinStallAllowanceReturnType = {
  /** Whether the amount exceeds the threshold. */
  highValue: boolean;
  /** Blocks to allow before calling the deposit stalled: 2-3, or 3-4 for high-value deposits. */
  blocks: { min: number; max: number };
  /** The same allowance in seconds at the 10-minute average block time. */
  seconds: { min: number; max: number };
  /** The upper allowance when blocks are slow (50 minutes each): a wait this long is surely a stall. */
  slowSeconds: number;
};

export type BitcoinStallAllowanceErrorType = InvalidRouteAmountErrorType;

/**
 * Tells how long to wait before considering a Bitcoin deposit-address transaction stalled.
 *
 * @param parameters - {@link BitcoinStallAllowanceParameters}
 * @returns The allowance in blocks and seconds. {@link BitcoinStallAllowanceReturnType}
 * @example
 * bitcoinStallAllowance({ amount: 50000n }).blocks // { min: 2, max: 3 }
 */
export function bitcoinStallAllowance(
  parameters: BitcoinStallAllowanceParameters,
): BitcoinStallAllowanceReturnType {
  const highValue = isHighValueBitcoinDeposit(parameters);
  const { min, max } = highValue
    ? bitcoinGuidance.stallBlocks.highValue
    : bitcoinGuidance.stallBlocks.typical;
  const { average, slow } = bitcoinGuidance.blockTimeSeconds;
  return {
    highValue,
    blocks: { min, max },
    seconds: { min: min * average, max: max * average },
    slowSeconds: max * slow.max,
  };
}

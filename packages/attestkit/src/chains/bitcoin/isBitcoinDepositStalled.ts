import { bitcoinStallAllowance } from "./bitcoinStallAllowance.js";
import {
  type InvalidRouteAmountErrorType,
  MissingElapsedError,
  type MissingElapsedErrorType,
} from "./errors.js";
import type { IsHighValueBitcoinDepositParameters } from "./isHighValueBitcoinDeposit.js";

export type IsBitcoinDepositStalledParameters = IsHighValueBitcoinDepositParameters & {
  /** Blocks mined since the deposit was broadcast without it confirming. Preferred: the policy counts blocks. */
  blocksSinceBroadcast?: number | undefined;
  /** Seconds since the broadcast; used only when the block count is unknown. */
  secondsSinceBroadcast?: number | undefined;
};

export type IsBitcoinDepositStalledReturnType = boolean;

export type IsBitcoinDepositStalledErrorType = InvalidRouteAmountErrorType | MissingElapsedErrorType;

/**
 * Tells whether an unconfirmed Bitcoin deposit-address transaction should be considered stalled: once
 * the upper end of the allowance (3 blocks, or 4 for high-value deposits) has passed. Counting blocks
 * is exact; elapsed time assumes the 10-minute average, and blocks can take 30 to 50 minutes.
 *
 * @param parameters - {@link IsBitcoinDepositStalledParameters}
 * @returns True once the allowance is used up. {@link IsBitcoinDepositStalledReturnType}
 * @example
 * isBitcoinDepositStalled({ amount: 50000n, blocksSinceBroadcast: 3 }) // true
 */
export function isBitcoinDepositStalled({
  blocksSinceBroadcast,
  secondsSinceBroadcast,
  ...parameters
}: IsBitcoinDepositStalledParameters): IsBitcoinDepositStalledReturnType {
  const allowance = bitcoinStallAllowance(parameters);
  if (blocksSinceBroadcast !== undefined) return blocksSinceBroadcast >= allowance.blocks.max;
  if (secondsSinceBroadcast !== undefined) return secondsSinceBroadcast >= allowance.seconds.max;
  throw new MissingElapsedError();
}

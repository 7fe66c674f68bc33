import type { InvalidRouteAmountErrorType } from "./errors.js";
import { toNonNegativeBigInt } from "./internal/toNonNegativeBigInt.js";
import type { IntegerLike } from "./types.js";

export type IsHighValueBitcoinDepositParameters = {
  /** The origin amount in satoshis. */
  amount: IntegerLike;
  /**
   * The per-currency threshold in satoshis above which the service treats a deposit as high-value.
   * The interface does not publish it; without one, every deposit is treated as typical.
   */
  highValueThreshold?: IntegerLike | undefined;
};

export type IsHighValueBitcoinDepositReturnType = boolean;

export type IsHighValueBitcoinDepositErrorType = InvalidRouteAmountErrorType;

/**
 * Tells whether a Bitcoin deposit is high-value: its amount exceeds (strictly) the caller's threshold.
 *
 * @param parameters - {@link IsHighValueBitcoinDepositParameters}
 * @returns True above the threshold. {@link IsHighValueBitcoinDepositReturnType}
 * @example
 * isHighValueBitcoinDeposit({ amount: 200000000n, highValueThreshold: 100000000n }) // true
 */
export function isHighValueBitcoinDeposit({
  amount,
  highValueThreshold,
}: IsHighValueBitcoinDepositParameters): IsHighValueBitcoinDepositReturnType {
  const value = toNonNegativeBigInt({ field: "amount", value: amount });
  if (highValueThreshold === undefined) return false;
  return value > toNonNegativeBigInt({ field: "highValueThreshold", value: highValueThreshold });
}

import { bitcoinGuidance } from "./constants.js";
import type { InvalidRouteAmountErrorType } from "./errors.js";
import {
  type IsHighValueBitcoinDepositParameters,
  isHighValueBitcoinDeposit,
} from "./isHighValueBitcoinDeposit.js";

export type BitcoinConfirmationsParameters = IsHighValueBitcoinDepositParameters;

/** Blocks the service waits for before it moves a deposit-address request on. */
export type BitcoinConfirmationsReturnType = 1 | 2;

export type BitcoinConfirmationsErrorType = InvalidRouteAmountErrorType;

/**
 * Tells how many block confirmations a Bitcoin deposit-address deposit needs: 1 in the typical case,
 * 2 when the amount exceeds the caller-supplied high-value threshold.
 *
 * @param parameters - {@link BitcoinConfirmationsParameters}
 * @returns 1 or 2. {@link BitcoinConfirmationsReturnType}
 * @example
 * bitcoinConfirmations({ amount: "50000" }) // 1
 */
export function bitcoinConfirmations(
  parameters: BitcoinConfirmationsParameters,
): BitcoinConfirmationsReturnType {
  return isHighValueBitcoinDeposit(parameters)
    ? bitcoinGuidance.confirmations.highValue
    : bitcoinGuidance.confirmations.typical;
}

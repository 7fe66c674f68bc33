import { bitcoinRules } from "../constants.js";
import { InvalidBitcoinParameterError } from "../errors.js";

export type CheckBitcoinChainParametersParameters = {
  blockTimeMs: number;
  coinbaseMaturity: number;
  maxBlockWeight: number;
  minRelayFeeRate: bigint;
};

/**
 * Checks a Bitcoin chain's settings, in this order: `blockTimeMs` and `coinbaseMaturity`
 * non-negative integers, `maxBlockWeight` from 10,000 to 4,000,000, `minRelayFeeRate` a
 * non-negative bigint. Throws an `InvalidBitcoinParameterError` naming the field and its value.
 *
 * @param parameters - {@link CheckBitcoinChainParametersParameters} (defaults already filled in).
 * @example
 * checkBitcoinChainParameters({ blockTimeMs: 1000, coinbaseMaturity: 100, maxBlockWeight: 4_000_000, minRelayFeeRate: 1n })
 */
export function checkBitcoinChainParameters({
  blockTimeMs,
  coinbaseMaturity,
  maxBlockWeight,
  minRelayFeeRate,
}: CheckBitcoinChainParametersParameters): void {
  if (!Number.isSafeInteger(blockTimeMs) || blockTimeMs < 0)
    throw new InvalidBitcoinParameterError({
      field: "blockTimeMs",
      reason: "not-a-non-negative-integer",
      value: blockTimeMs,
    });
  if (!Number.isSafeInteger(coinbaseMaturity) || coinbaseMaturity < 0)
    throw new InvalidBitcoinParameterError({
      field: "coinbaseMaturity",
      reason: "not-a-non-negative-integer",
      value: coinbaseMaturity,
    });
  if (
    !Number.isSafeInteger(maxBlockWeight) ||
    maxBlockWeight < 10_000 ||
    maxBlockWeight > bitcoinRules.maxBlockWeight
  )
    throw new InvalidBitcoinParameterError({
      field: "maxBlockWeight",
      reason: "not-a-positive-integer",
      value: maxBlockWeight,
      expected: "10,000 to 4,000,000 weight units",
    });
  if (typeof minRelayFeeRate !== "bigint" || minRelayFeeRate < 0n)
    throw new InvalidBitcoinParameterError({
      field: "minRelayFeeRate",
      reason: "not-a-non-negative-integer",
      value: minRelayFeeRate,
    });
}

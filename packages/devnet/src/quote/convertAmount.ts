import type { DevnetCurrency } from "./devnetCurrencies.js";

export type ConvertAmountParameters = {
  amount: bigint;
  from: Pick<DevnetCurrency, "decimals" | "priceUsdMicros">;
  to: Pick<DevnetCurrency, "decimals" | "priceUsdMicros">;
  /** `floor` for what the user gets, `ceil` for what the user must pay. */
  rounding: "floor" | "ceil";
};

/**
 * Converts an amount between currencies at the devnet's fixed prices, in smallest units.
 *
 * @param parameters - {@link ConvertAmountParameters}
 * @returns The amount in `to`'s smallest unit.
 * @example
 * convertAmount({ amount: 10n ** 18n, from: eth, to: usdc, rounding: "floor" }) // 3000000000n
 */
export function convertAmount({ amount, from, to, rounding }: ConvertAmountParameters): bigint {
  const numerator = amount * from.priceUsdMicros * 10n ** BigInt(to.decimals);
  const denominator = to.priceUsdMicros * 10n ** BigInt(from.decimals);
  const quotient = numerator / denominator;
  return rounding === "ceil" && quotient * denominator < numerator ? quotient + 1n : quotient;
}

import { quoteBadRequest } from "./quoteBadRequest.js";

/** A fixed rate as a fraction: whole units of output per whole unit of input. */
export type FixedRate = { numerator: bigint; denominator: bigint };

/**
 * Reads a quote's `fixedRate`: whole units of the output currency per whole unit of the input
 * currency, as `details.rate` writes a rate (`"1"` for a stablecoin 1:1, `"0.00034"` USDC to ETH), a
 * positive decimal of at most 18 decimals.
 *
 * @param fixedRate - The field as sent.
 * @returns The rate as a fraction. {@link FixedRate}
 * @throws DevnetApiError 400 `INVALID_REQUEST` for anything but a positive decimal.
 * @example
 * parseFixedRate("0.9995") // { numerator: 9995n, denominator: 10000n }
 */
export function parseFixedRate(fixedRate: string): FixedRate {
  const match = /^([0-9]{1,30})(?:\.([0-9]{1,18}))?$/.exec(fixedRate);
  const rate = match
    ? {
        numerator: BigInt(`${match[1]}${match[2] ?? ""}`),
        denominator: 10n ** BigInt((match[2] ?? "").length),
      }
    : undefined;
  if (!rate || rate.numerator === 0n)
    throw quoteBadRequest(
      "INVALID_REQUEST",
      `fixedRate must be a positive decimal (whole units of output per whole unit of input, e.g. "1"), got ${JSON.stringify(fixedRate.slice(0, 40))}.`,
    );
  return rate;
}

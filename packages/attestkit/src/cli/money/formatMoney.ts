import { formatUnits } from "viem";
import { formatUsd } from "./formatUsd.js";

export type FormatMoneyParameters = {
  /** The amount in the currency's smallest unit (decimal digits: wei, satoshis), when known. */
  amount?: string | number | bigint | null | undefined;
  /** The amount in whole units as the service wrote it (`amountFormatted`: `"0.01"`); else computed from `decimals`. */
  formatted?: string | number | null | undefined;
  /** The currency's decimals (18 for ETH, 6 for USDC): without them or `formatted`, the smallest unit is shown as such. */
  decimals?: number | null | undefined;
  /** What the amount is of: the currency's symbol (`ETH`), else its address. */
  currency?: string | null | undefined;
  /** The chain the currency is on. */
  chainId?: number | string | null | undefined;
  /** The amount's value in US dollars, as the service wrote it. */
  usd?: string | number | null | undefined;
};

/**
 * An amount of money as every command prints it, units first: `0.01 ETH on 31337  ($30)
 * [10000000000000000]` (whole units, symbol, chain, dollars as {@link formatUsd} writes them, and the
 * exact smallest-unit amount in brackets). Where the currency's decimals are not known, the amount
 * is said to be in the smallest unit: `10000000000000000 0x0000…0000 on 31337 (smallest unit)`.
 *
 * @param parameters - {@link FormatMoneyParameters}
 * @returns The text.
 * @example
 * formatMoney({ amount: "1000000", decimals: 6, currency: "USDC", chainId: 1, usd: "1" })
 * // "1 USDC on 1  ($1)  [1000000]"
 */
export function formatMoney({
  amount,
  formatted,
  decimals,
  currency,
  chainId,
  usd,
}: FormatMoneyParameters): string {
  const raw = amount == null ? undefined : String(amount);
  const units = formatted ?? (raw !== undefined && decimals != null ? toUnits(raw, decimals) : undefined);
  const what = currency ? ` ${currency}` : "";
  const on = chainId != null ? ` on ${chainId}` : "";
  const dollars = usd != null ? `  (${formatUsd(usd)})` : "";
  if (units === undefined)
    return `${raw ?? "?"}${what}${on}${dollars}${raw !== undefined ? " (smallest unit)" : ""}`;
  return `${units}${what}${on}${dollars}${raw !== undefined ? `  [${raw}]` : ""}`;
}

/** Whole units of a smallest-unit amount (`"10000000000000000"`, 18 -> `"0.01"`); undefined for one that is not digits. */
function toUnits(raw: string, decimals: number): string | undefined {
  return /^[0-9]+$/.test(raw) ? formatUnits(BigInt(raw), decimals) : undefined;
}

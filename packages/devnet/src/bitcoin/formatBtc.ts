/**
 * Satoshis as Bitcoin Core's `FormatMoney` writes BTC amounts in reject reasons: the whole BTC, a
 * point, then the satoshis with trailing zeros dropped but at least two digits (`0.0001`, `21.00`,
 * `0.00`, `-1.50`).
 *
 * @param satoshis - The amount, in satoshis (negative allowed).
 * @returns The amount in BTC, as text.
 * @example
 * formatBtc(10_000n) // "0.0001"
 */
export function formatBtc(satoshis: bigint): string {
  const sign = satoshis < 0n ? "-" : "";
  const abs = satoshis < 0n ? -satoshis : satoshis;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${whole}.${fraction}`;
}

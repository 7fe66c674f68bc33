import { convertAmount } from "./convertAmount.js";
import type { DevnetCurrency } from "./devnetCurrencies.js";

export type OriginGasUsdMicrosParameters = {
  /** `originGasOverhead`: gas units of the solver's gasless origin transaction; undefined when not asked. */
  originGasOverhead: number | undefined;
  /** Whether the solver executes a gasless transaction on the origin: a permit it submits (`usePermit`). */
  gasless: boolean;
  /** The origin chain's gas price now, in wei per gas unit. */
  gasPrice: bigint;
  /** The origin chain's native currency, at its price now: the gas is paid in it. */
  nativeIn: Pick<DevnetCurrency, "decimals" | "priceUsdMicros">;
};

const usd = { decimals: 6, priceUsdMicros: 1_000_000n };

/**
 * The origin gas a quote charges for the solver's gasless origin transaction, in micro-USD: the
 * `originGasOverhead` gas units at the origin's gas price, in its native currency, converted at
 * that currency's price now and rounded up (what the user pays). The official SDK's types say of
 * the field: "used to calculate the gas fee for the origin chain when the solver is executing a
 * gasless transaction on the origin chain"; so without a gasless origin transaction there is nothing
 * to price (0), and without the field the devnet's flat relayer gas fee stands alone.
 *
 * @param parameters - {@link OriginGasUsdMicrosParameters}
 * @returns Micro-USD to add to the relayer gas fee; 0n when nothing is priced.
 * @example
 * originGasUsdMicros({ originGasOverhead: 100_000, gasless: true, gasPrice: 10n ** 9n, nativeIn: eth })
 * // 300000n: 100,000 gas x 1 gwei = 0.0001 ETH, $0.30 at $3,000
 */
export function originGasUsdMicros({
  originGasOverhead,
  gasless,
  gasPrice,
  nativeIn,
}: OriginGasUsdMicrosParameters): bigint {
  if (!gasless || originGasOverhead === undefined) return 0n;
  return convertAmount({
    amount: BigInt(originGasOverhead) * gasPrice,
    from: nativeIn,
    to: usd,
    rounding: "ceil",
  });
}

import { formatUnits } from "viem";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";

export type RenderAmountParameters = {
  currency: DevnetCurrency;
  amount: bigint;
  /** Defaults to `amount`. */
  minimumAmount?: bigint | undefined;
  /** Base URL for the logo. */
  url: string;
};

/**
 * Renders the interface's Amount object: the currency, the amount in smallest units and in whole
 * units, its USD value at the devnet's fixed price, and the minimum amount.
 *
 * @param parameters - {@link RenderAmountParameters}
 * @returns The Amount object.
 * @example
 * renderAmount({ currency: usdc, amount: 1_500_000n, url }).amountFormatted // "1.5"
 */
export function renderAmount({ currency, amount, minimumAmount = amount, url }: RenderAmountParameters) {
  return {
    currency: renderCurrency({ currency, url }),
    amount: amount.toString(),
    amountFormatted: formatUnits(amount, currency.decimals),
    amountUsd: toUsd({ currency, amount }),
    minimumAmount: minimumAmount.toString(),
  };
}

/**
 * Renders a currency as fees, details and routes carry it.
 *
 * @param parameters - The currency and the base URL for its logo.
 * @returns The currency object.
 * @example
 * renderCurrency({ currency: usdc, url }).symbol // "USDC"
 */
export function renderCurrency({ currency, url }: { currency: DevnetCurrency; url: string }) {
  return {
    chainId: currency.chainId,
    address: currency.address,
    symbol: currency.symbol,
    name: currency.name,
    decimals: currency.decimals,
    metadata: {
      logoURI: `${url}/devnet/icons/${currency.groupID}.svg`,
      verified: true,
      isNative: currency.isNative,
    },
  };
}

/**
 * The USD value of an amount at the devnet's fixed price, as a decimal string.
 *
 * @param parameters - The currency and the amount in its smallest unit.
 * @returns USD with up to 6 decimals.
 * @example
 * toUsd({ currency: eth, amount: 10n ** 18n }) // "3000"
 */
export function toUsd({ currency, amount }: { currency: DevnetCurrency; amount: bigint }): string {
  return formatUnits((amount * currency.priceUsdMicros) / 10n ** BigInt(currency.decimals), 6);
}

import { bitcoin, externalExchange } from "attestkit/chains";
import type { Address } from "viem";
import { nativeCurrencyAddress } from "../constants.js";

/** A currency the devnet quotes, with its fixed price. */
export type DevnetCurrency = {
  chainId: number;
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
  /** Same group on every chain: a bridge keeps the group, a swap changes it. */
  groupID: string;
  /** Fixed price in micro-USD (1 USD = 1,000,000). */
  priceUsdMicros: bigint;
  isNative: boolean;
};

/** Fixed devnet prices, micro-USD per whole unit: ETH $3,000, USDC $1. */
export const devnetPrices = { eth: 3_000_000_000n, usdc: 1_000_000n } as const;

/** Fixed devnet price of BTC, micro-USD per whole coin: $100,000. */
const devnetBitcoinPriceUsdMicros = 100_000_000_000n;

/** Native BTC as the devnet prices it (its identifier is a bech32 string, not an EVM address). */
export const devnetBitcoinCurrency: DevnetCurrency = {
  chainId: bitcoin.chainId,
  address: bitcoin.nativeCurrency as Address,
  symbol: bitcoin.symbol,
  name: "Bitcoin",
  decimals: bitcoin.decimals,
  groupID: "btc",
  priceUsdMicros: devnetBitcoinPriceUsdMicros,
  isNative: true,
};

/** USDC-perp of the external exchange (asset 0) as the devnet prices it: $1. */
export const devnetExchangeCurrency: DevnetCurrency = {
  chainId: externalExchange.chainId,
  address: externalExchange.currency as Address,
  name: "USD Coin (Perp)",
  symbol: externalExchange.symbol,
  decimals: externalExchange.decimals,
  groupID: "usdc",
  priceUsdMicros: devnetPrices.usdc,
  isNative: false,
};

export type DevnetCurrenciesParameters = {
  /** Each chain with its test token, and its WETH when deployed (`DevnetWeth`). */
  chains: readonly { chainId: number; token: Address; weth?: Address | undefined }[];
};

/** The group of the devnet's WETH: a wrap (ETH -> WETH) or an unwrap changes the group without a price change. */
export const wrappedNativeGroupID = "weth";

/**
 * Lists the currencies of the devnet: the native ETH, the USDC-like test token and, where deployed,
 * the devnet's WETH (priced as ETH) on every chain.
 *
 * @param parameters - {@link DevnetCurrenciesParameters}
 * @returns The currencies, chain by chain, native first.
 * @example
 * devnetCurrencies({ chains: [{ chainId: 31337, token }] })[1].symbol // "USDC"
 */
export function devnetCurrencies({ chains }: DevnetCurrenciesParameters): DevnetCurrency[] {
  return chains.flatMap(({ chainId, token, weth }) => [
    {
      chainId,
      address: nativeCurrencyAddress,
      symbol: "ETH",
      name: "Ether",
      decimals: 18,
      groupID: "eth",
      priceUsdMicros: devnetPrices.eth,
      isNative: true,
    },
    {
      chainId,
      address: token,
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      groupID: "usdc",
      priceUsdMicros: devnetPrices.usdc,
      isNative: false,
    },
    ...(weth === undefined
      ? []
      : [
          {
            chainId,
            address: weth,
            symbol: "WETH",
            name: "Wrapped Ether",
            decimals: 18,
            groupID: wrappedNativeGroupID,
            priceUsdMicros: devnetPrices.eth,
            isNative: false,
          },
        ]),
  ]);
}

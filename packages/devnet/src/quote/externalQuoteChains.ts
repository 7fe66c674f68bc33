import { bitcoinBalance, isAccountIndex, isBitcoinAddress } from "attestkit/chains";
import type { DevnetContext } from "../api/types.js";
import { devnetBitcoinSlug, devnetExchangeSlug } from "../constants.js";
import { exchangeRouteTypes, exchangeSolverAccount, usdcAssetIndex } from "../exchange/constants.js";
import { type DevnetCurrency, devnetBitcoinCurrency, devnetExchangeCurrency } from "./devnetCurrencies.js";
import { quoteBadRequest } from "./quoteBadRequest.js";

/** What the quote path reads of the devnet's non-EVM chains: Bitcoin and the exchange, when they run. */
export type ExternalQuoteChainDeps = Pick<DevnetContext, "bitcoin" | "exchange">;

/** The exchange's execution cost the devnet's withdrawal actions carry (`usdcFee`): 0.01 USDC. */
export const devnetExchangeUsdcFee = 10_000n;

/** What the quote path knows of a non-EVM chain of the devnet (Bitcoin, the exchange), origin or destination. */
export type ExternalQuoteChain = {
  /** The chain as a message names it. */
  name: string;
  /** Its slug in `GET /chains` and orders. */
  slug: string;
  /** Its one currency, as the devnet prices it (its `chainId` is the chain's). */
  currency: DevnetCurrency;
  /** Where the context holds it; a context built without it (unit tests) has no such route. */
  part: "bitcoin" | "exchange";
  /** Whether a user, recipient or refund address is one of this chain's. */
  isAddress: (value: string) => boolean;
  /** What such an address is, for messages. */
  address: string;
  /** From it: what the user holds of the currency (Bitcoin: by the interface's balance rule). */
  balanceOf: (context: ExternalQuoteChainDeps, user: string) => bigint;
  /** From it: what the deposit costs on top of the amount (the exchange's `usdcFee`). */
  depositFee: bigint;
  /** From it: whether a quote may ask for a deposit address (Bitcoin: strict ones, `refundTo` required). */
  depositAddresses: boolean;
  /** From it: `paymentDetails.depository` (the solver's deposit address; the relayer's account index). */
  depository: (context: ExternalQuoteChainDeps) => string;
  /** From it: `details.timeEstimate`, seconds (Bitcoin: its block time). */
  timeEstimate: (context: ExternalQuoteChainDeps) => number;
};

/** Bitcoin (8253038): BTC at $100,000, `bc1…` mainnet addresses, deposits paid to the solver's address. */
export const bitcoinQuoteChain: ExternalQuoteChain = {
  name: "Bitcoin",
  slug: devnetBitcoinSlug,
  currency: devnetBitcoinCurrency,
  part: "bitcoin",
  isAddress: (value) => isBitcoinAddress({ address: value, network: "mainnet" }),
  address: "a Bitcoin mainnet address (bc1…)",
  balanceOf(context, user) {
    const { chain, mempool } = (
      context.bitcoin as NonNullable<DevnetContext["bitcoin"]>
    ).chain.getAddressStats(user);
    return bitcoinBalance({
      funded: chain.fundedTxoSum,
      spent: chain.spentTxoSum,
      pendingSpent: mempool.spentTxoSum,
    });
  },
  depositFee: 0n,
  depositAddresses: true,
  depository: (context) =>
    (context.bitcoin as NonNullable<DevnetContext["bitcoin"]>).solverWallet.p2wpkhAddress,
  timeEstimate(context) {
    const { blockTimeMs = 0 } = context.bitcoin ?? {};
    return blockTimeMs > 0 ? Math.ceil(blockTimeMs / 1000) : 1;
  },
};

/** The external exchange (3586256): USDC-perp at $1, account indexes, deposits transferred to the relayer. */
export const exchangeQuoteChain: ExternalQuoteChain = {
  name: "the exchange",
  slug: devnetExchangeSlug,
  currency: devnetExchangeCurrency,
  part: "exchange",
  isAddress: (value) => isAccountIndex({ accountIndex: value }),
  address: "an account index of the exchange (decimal digits)",
  balanceOf: (context, user) =>
    (context.exchange as NonNullable<DevnetContext["exchange"]>).ledger.balance({
      accountIndex: Number(user),
      assetIndex: usdcAssetIndex,
      routeType: exchangeRouteTypes.perp,
    }),
  depositFee: devnetExchangeUsdcFee,
  depositAddresses: false,
  depository: () => String(exchangeSolverAccount.accountIndex),
  timeEstimate: () => 1,
};

/**
 * The quote path's view of the non-EVM chain of that id, when the devnet runs it.
 *
 * @param context - {@link ExternalQuoteChainDeps}
 * @param chainId - Bitcoin's (8253038) or the exchange's (3586256).
 * @returns The chain. {@link ExternalQuoteChain}
 * @throws DevnetApiError 400 `UNSUPPORTED_CHAIN` for a chain the devnet does not run.
 * @example
 * findExternalQuoteChain(context, 8253038).name // "Bitcoin"
 */
export function findExternalQuoteChain(context: ExternalQuoteChainDeps, chainId: number): ExternalQuoteChain {
  const chain = [bitcoinQuoteChain, exchangeQuoteChain].find((known) => known.currency.chainId === chainId);
  if (!chain || context[chain.part] === undefined)
    throw quoteBadRequest("UNSUPPORTED_CHAIN", `Chain ${chainId} is not running on this devnet.`);
  return chain;
}

import { bitcoin as bitcoinRoute, externalExchange } from "attestkit/chains";
import type { PrivateKeyAccount } from "viem/accounts";
import { bitcoinSolverWallet } from "../bitcoin/bitcoinTestWallets.js";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import { createTransactionSender, type TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import { exchangeSolverAccount } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import { atMarketPrice } from "../prices/atMarketPrice.js";
import type { PriceSource } from "../prices/createPriceSource.js";
import { AmountTooLowError, computeQuoteAmounts } from "../quote/computeQuoteAmounts.js";
import {
  type DevnetCurrency,
  devnetBitcoinCurrency,
  devnetExchangeCurrency,
} from "../quote/devnetCurrencies.js";
import { createBitcoinPayments } from "../solver/createBitcoinPayments.js";
import { createExchangePayments } from "../solver/createExchangePayments.js";
import { createSolver, type Solver } from "../solver/createSolver.js";
import type { RequestStore } from "../state/createRequestStore.js";

export type CreateDevnetSolverParameters = {
  store: RequestStore;
  /** The EVM chains, origin first. */
  chains: readonly DevnetChain[];
  /** The solver's sender per chain, in the order of `chains`. */
  senders: readonly TransactionSender[];
  /** The contracts per chain, in the order of `chains`. */
  contracts: readonly DevnetContracts[];
  /** The fee sponsor, whose sender per chain pays the sponsored part of fees. */
  sponsorAccount: PrivateKeyAccount;
  /** How often the sponsor's pending receipts are looked up, in ms. */
  receiptPollMs: number;
  bitcoinChain: BitcoinChain;
  exchangeLedger: ExchangeLedger;
  /** The devnet's currencies, for pricing a deposit address's amount again. */
  currencies: readonly DevnetCurrency[];
  /** The market: fills are priced again at it (`decideFillPrice`), re-quotes are made at it. */
  prices?: PriceSource | undefined;
  /** The solver's clock (ms): deadlines are checked against it. Default `Date.now`. */
  now?: (() => number) | undefined;
  /** How long an orphaned deposit waits before its refund, ms of `now`. */
  orphanRefundDelayMs: number;
  /** Whether a wallet is screened out: its requests are refunded, `BLOCKED_WALLET`, not filled. */
  isBlocked?: ((wallet: string) => boolean) | undefined;
  /** Ends the sponsor's and the Bitcoin payouts' waits when the devnet stops. */
  signal: AbortSignal;
  log: (message: string) => void;
};

/**
 * Creates the devnet's solver over its EVM chains, with its adapters of the Bitcoin chain and the
 * exchange (their rules and their own money movement), the fee sponsor's sender on each chain, `requote`: a
 * deposit address's amount priced again EXACT_INPUT with the quote's app fees at the market's price
 * now (undefined for an unknown currency or an amount too low to cover the fees), and `marketPrices`:
 * a request's input and output at the market's price now, for `decideFillPrice`.
 *
 * @param parameters - {@link CreateDevnetSolverParameters}
 * @returns The solver. {@link Solver}
 * @example
 * const solver = createDevnetSolver({ store, chains, senders, contracts, sponsorAccount, receiptPollMs: 10, bitcoinChain, exchangeLedger, currencies, signal, log })
 */
export function createDevnetSolver({
  store,
  chains,
  senders,
  contracts,
  sponsorAccount,
  receiptPollMs,
  bitcoinChain,
  exchangeLedger,
  currencies,
  prices,
  now,
  orphanRefundDelayMs,
  isBlocked,
  signal,
  log,
}: CreateDevnetSolverParameters): Solver {
  const solverChains = new Map(
    chains.map((chain, index) => [
      chain.chainId,
      {
        chainId: chain.chainId,
        request: chain.request,
        sender: senders[index] as TransactionSender,
        contracts: contracts[index] as DevnetContracts,
      },
    ]),
  );
  // Bitcoin's and the exchange's one currency too: a fill to or from them is priced like any other.
  const priced = [...currencies, devnetBitcoinCurrency, devnetExchangeCurrency];
  const currencyOf = (chainId: number, address: string) => {
    const currency = priced.find(
      (c) => c.chainId === chainId && c.address.toLowerCase() === address.toLowerCase(),
    );
    return currency && atMarketPrice(prices, currency);
  };
  const sponsors = new Map(
    chains.map((chain) => [
      chain.chainId,
      createTransactionSender({
        chainId: chain.chainId,
        request: chain.request,
        account: sponsorAccount,
        signal,
        receiptPollMs,
      }),
    ]),
  );
  return createSolver({
    store,
    chains: solverChains,
    externalChains: new Map([
      [
        bitcoinRoute.chainId,
        createBitcoinPayments({ chain: bitcoinChain, wallet: bitcoinSolverWallet, signal }),
      ],
      [
        externalExchange.chainId,
        createExchangePayments({ ledger: exchangeLedger, relayer: exchangeSolverAccount }),
      ],
    ]),
    log,
    now,
    sponsors,
    orphanRefundDelayMs,
    isBlocked,
    signal,
    marketPrices(request) {
      const currencyIn = currencyOf(request.originChainId, request.originCurrency);
      const currencyOut = currencyOf(request.destinationChainId, request.destinationCurrency);
      return currencyIn && currencyOut
        ? { in: currencyIn.priceUsdMicros, out: currencyOut.priceUsdMicros }
        : undefined;
    },
    requote(request, amount) {
      const currencyIn = currencyOf(request.originChainId, request.originCurrency);
      const currencyOut = currencyOf(request.destinationChainId, request.destinationCurrency);
      if (!currencyIn || !currencyOut) return undefined;
      try {
        const { amountOut } = computeQuoteAmounts({
          tradeType: "EXACT_INPUT",
          amount,
          currencyIn,
          currencyOut,
          appFeeBps: request.appFeeBps,
        });
        return { amountOut };
      } catch (error) {
        if (error instanceof AmountTooLowError) return undefined;
        throw error;
      }
    },
  });
}

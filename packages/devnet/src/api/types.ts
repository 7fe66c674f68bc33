import type { Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { BitcoinWallet } from "../bitcoin/deriveBitcoinWallet.js";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import type { DevnetContracts } from "../chains/deployDevnetContracts.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { CoinInvariantDeps } from "../invariant/readCoinOwnership.js";
import type { PriceSource } from "../prices/createPriceSource.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DepositAddressWatcher } from "../solver/createDepositAddressWatcher.js";
import type { DepositIndexer } from "../solver/createDepositIndexer.js";
import type { AppFeeLedger } from "../state/createAppFeeLedger.js";
import type { PermitBook } from "../state/createPermitBook.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { WalletScreening } from "../state/createWalletScreening.js";
import type { WebhookOutbox } from "../webhooks/createWebhookOutbox.js";
import type { IndexQueue } from "./createIndexQueue.js";
import type { RateLimiter } from "./createRateLimiter.js";

/** One chain as the API sees it. */
export type ApiChain = {
  chainId: number;
  /** The chain's slug (`devnet-origin`, `devnet-destination`): its `name` and `protocol.v2.chainId`. */
  name: string;
  role: "origin" | "destination";
  rpcUrl: string;
  request: ChainRequest;
  sender: TransactionSender;
  contracts: DevnetContracts;
  indexer: DepositIndexer;
  /** Watches and sweeps the chain's deposit addresses. */
  depositAddresses: DepositAddressWatcher;
};

/** The devnet's Bitcoin chain (8253038) as the API and the solver see it. */
export type DevnetBitcoin = {
  chain: BitcoinChain;
  /** The solver's wallet: deposits of quotes from Bitcoin pay its P2WPKH address, fills to Bitcoin come from it. */
  solverWallet: BitcoinWallet;
  /** Satoshis above which a deposit waits for 2 confirmations instead of 1. */
  highValueThreshold: bigint;
  /** Milliseconds between blocks, 0 when blocks are mined only on demand. */
  blockTimeMs: number;
  /** Deposit addresses of quotes from Bitcoin (`useDepositAddress`): address -> request id, watched by the solver. */
  depositAddresses: Map<string, `0x${string}`>;
};

/** The devnet's external exchange (3586256): an in-process ledger of account indexes. */
export type DevnetExchange = {
  ledger: ExchangeLedger;
};

/**
 * An incident of one of the devnet's chains, as `GET /chains` reports it (`attestkit devnet trigger
 * chain-disabled|block-lagging`, `POST /devnet/incidents`, which also sets `partialDisableLimit`).
 * Not kept in `--state`.
 */
export type ChainIncident = {
  /** The chain is switched off: quotes and prices naming it are refused (400 `CHAIN_DISABLED`). */
  disabled: boolean;
  /** The chain lags in block production: reported only, quotes still go through. */
  blockProductionLagging: boolean;
  /**
   * The chain is partially disabled: quotes and prices worth more than this, in the smallest unit of
   * the chain's own currency, are refused (400 `ROUTE_TEMPORARILY_RESTRICTED`,
   * `checkPartialDisableLimit`); 0 or absent: not partially disabled.
   */
  partialDisableLimit?: number | undefined;
};

/** Everything the HTTP handlers share. */
export type DevnetContext = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  originChainId: number;
  destinationChainId: number;
  chains: ReadonlyMap<number, ApiChain>;
  currencies: readonly DevnetCurrency[];
  store: RequestStore;
  outbox: WebhookOutbox;
  solver: PrivateKeyAccount;
  rateLimiter: RateLimiter;
  /** `POST /transactions/index` calls made before their transaction was mined. */
  indexQueue: IndexQueue;
  /** Block time of interval mining, or null for instant mining. */
  blockTimeMs: number | null;
  /** The largest request body read, in bytes; longer ones are answered 413. */
  maxBodyBytes: number;
  /** `/rpc/<chainId>` passes the chain-admin methods through (`hardhat_setBalance`, ...). Default false. */
  rpcAdmin?: boolean | undefined;
  /** Webhook URL per API key. */
  webhooks: ReadonlyMap<string, string>;
  /** Custom webhook headers per API key (their names are listed by `/devnet/info`, not their values). */
  webhookHeaders: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Sets (and with a state directory, stores) the webhook endpoint of an API key at run time. */
  setWebhook?: ((apiKey: string, url: string) => void) | undefined;
  /** Removes (and with a state directory, forgets) the webhook endpoint of an API key at run time. */
  removeWebhook?: ((apiKey: string) => void) | undefined;
  /**
   * The clock of the solver (ms): a quote's deadline is checked against it (`GET /devnet/requests`
   * marks an unpaid request past it expired). Default `Date.now`.
   */
  now?: (() => number) | undefined;
  /** The Bitcoin chain; absent in contexts built without it (unit tests). */
  bitcoin?: DevnetBitcoin | undefined;
  /** The external exchange; absent in contexts built without it (unit tests). */
  exchange?: DevnetExchange | undefined;
  log: (message: string) => void;
  /**
   * The market: each currency's price now (a seeded walk, moved by hand through `POST /devnet/prices`).
   * Quotes are priced at it; absent in contexts built without it (unit tests): the fixed prices.
   */
  prices?: PriceSource | undefined;
  /** The price-impact model of swaps (pool depth, largest impact without `overridePriceImpact`). */
  swaps: { liquidityUsdMicros: bigint; maxImpactBps: bigint } | undefined;
  /** App fees accrued per recipient wallet, in USDC, and their claims. */
  appFees: AppFeeLedger;
  /** Wallet screening overrides (`/wallets/screen/*`); absent in contexts built without it: none blocked. */
  walletScreening?: WalletScreening | undefined;
  /** The EIP-3009 authorization of each `usePermit` quote, and which were submitted (never twice). */
  permits: PermitBook;
  /** Incidents set on the chains, by chain id (none: every chain up); absent in contexts built without them. */
  incidents?: Map<number, ChainIncident> | undefined;
  /** What `GET /devnet/invariant` needs besides the chains and requests; absent in contexts built without it. */
  coins?: CoinInvariantDeps | undefined;
};

/** One on-chain transaction of a request, sorted by role. */
export type RequestTransactions = {
  /** Deposits on the origin chain (the indexed deposit first). */
  deposits: { txHash: Hex; chainId: number; block: number | null }[];
  /** Fill transactions on the destination chain. */
  fills: { txHash: Hex; chainId: number }[];
  /** Refund transactions (on the deposit's chain). */
  refunds: { txHash: Hex; chainId: number }[];
};

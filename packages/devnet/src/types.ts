import type { TrustRoot } from "attestkit/orders";
import type { RateLimitConfig } from "./api/createRateLimiter.js";
import type { BitcoinChain } from "./bitcoin/createBitcoinChain.js";
import type { ExchangeLedger } from "./exchange/createExchangeLedger.js";
import type { PriceSource, PriceSourceSettings } from "./prices/createPriceSource.js";
import type { DevnetInfo } from "./start/createDevnetInfo.js";
import type { ResolveWebhookSettingsParameters } from "./start/resolveWebhookSettings.js";
import type { WebhookDelivery, WebhookOutbox } from "./webhooks/createWebhookOutbox.js";

export type CreateDevnetParameters = {
  /** HTTP port; 0 picks a free one. Default 8787. */
  port?: number | undefined;
  /** Only `127.0.0.1` is accepted: the devnet hands out test keys and must not be reachable from elsewhere. */
  host?: "127.0.0.1" | undefined;
  /** Default 31337. */
  originChainId?: number | undefined;
  /** Default 31338. */
  destinationChainId?: number | undefined;
  /** Webhook endpoint of `apiKey` (both or neither). */
  webhookUrl?: ResolveWebhookSettingsParameters["webhookUrl"];
  /** The API key whose requests post events to `webhookUrl`; also the HMAC secret. */
  apiKey?: ResolveWebhookSettingsParameters["apiKey"];
  /** Custom headers sent with every delivery to `webhookUrl` (never replacing the signature headers). */
  webhookHeaders?: ResolveWebhookSettingsParameters["webhookHeaders"];
  /**
   * More endpoints, per API key: the webhook URL, or `{ url, headers }` with custom headers sent with
   * every delivery (checked by `checkWebhookHeaders`: never a signature, event or transport header).
   */
  webhooks?: ResolveWebhookSettingsParameters["webhooks"];
  /** Interval mining with this block time (ms); instant mining (a block per transaction) when omitted. */
  blockTimeMs?: number | undefined;
  /**
   * Milliseconds between blocks of the Bitcoin chain (8253038). Default 1000; `0` mines only on
   * `devnet.bitcoin.mine()`.
   */
  bitcoinBlockTimeMs?: number | undefined;
  /** Satoshis above which a Bitcoin deposit waits for 2 confirmations instead of 1. Default 1 BTC. */
  bitcoinHighValueThreshold?: bigint | undefined;
  /** Rate limits; `false` turns them off. Generous by default (see `createRateLimiter`). */
  rateLimit?: RateLimitConfig | undefined;
  /** Webhook retries: up to `retries` (default 10) after the first attempt, delays from `baseDelayMs` doubling. */
  webhookRetry?:
    | { retries?: number | undefined; baseDelayMs?: number | undefined; maxDelayMs?: number | undefined }
    | undefined;
  /** The largest request body read, in bytes (API and JSON-RPC); longer ones get 413. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * Let `/rpc/<chainId>` pass the chain-admin methods through (`hardhat_setBalance`, `hardhat_setCode`,
   * `hardhat_impersonateAccount`, `evm_*`, ...; see `isPublicRpcMethod`). Default false: they are
   * answered -32004. Requests from other web pages are refused either way.
   */
  rpcAdmin?: boolean | undefined;
  /** How often each depository is scanned for deposits. Default 100 ms. */
  indexIntervalMs?: number | undefined;
  /**
   * How long a deposit no request can claim (an id no quote has, a transfer that names none) waits,
   * recorded as a `pending` request of its own, before it is refunded to its sender with
   * `ORPHANED_DEPOSIT_REFUND`, in ms of the solver's clock (`now`). Default 30,000; 0 refunds at once.
   */
  orphanRefundDelayMs?: number | undefined;
  /**
   * Keep the state in `DIR/devnet.sqlite`: requests and statuses, webhook settings (API keys and
   * URLs), the webhook outbox, a journal of every state-changing call to the EVM chains, and the
   * journals of the Bitcoin chain, the exchange ledger, the permits and the app fee ledger, replayed
   * on the next start. A restart with the same directory (after a clean stop or a `kill -9`) has
   * every request, balance and undelivered webhook back. Without it, everything is in memory.
   */
  stateDir?: string | undefined;
  /**
   * With `stateDir`: journal rows of an EVM chain between two snapshots of its state (a restart
   * applies the latest snapshot and replays only the rows since). Default 500; 0 takes none.
   */
  chainSnapshotEvery?: number | undefined;
  /**
   * The price impact of swaps (routes between ETH and USDC): a constant-product pool of
   * `liquidityUsd` (default 10,000,000) per route, and the largest impact quoted without
   * `overridePriceImpact` (`maxImpactBps`, default 300 = 3 %; above it, 400 `SWAP_IMPACT_TOO_HIGH`).
   * `false` turns the impact off.
   */
  priceImpact?: { liquidityUsd?: number | undefined; maxImpactBps?: number | undefined } | false | undefined;
  /**
   * The market (`createPriceSource`): each currency group but USDC walks from its starting price (ETH
   * $3,000, BTC $100,000) by at most `volatilityBps` every `stepMs` (default 10 s), seeded by `seed`
   * (default `attestkit-devnet`: every run walks the same way). Default volatility 0: prices stand
   * still and move only by hand (`POST /devnet/prices`, `devnet.prices.move`). Quotes are priced at the
   * market, and fills at the market of fill time within the quote's slippage tolerance.
   */
  prices?: PriceSourceSettings | undefined;
  /**
   * The clock of the solver and the market (ms), replaceable in tests: a deposit's ttl and an order's
   * deadline are checked against it, and the price walk steps by it. Default `Date.now`. Quote times
   * and the chains' own time stay the wall clock's.
   */
  now?: (() => number) | undefined;
  /** Where refused transitions, failed webhooks and errors are reported. Default: stderr. */
  log?: ((message: string) => void) | undefined;
};

export type Devnet = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  info: DevnetInfo;
  /**
   * The payment guard's trust root for this devnet's chains (`devnetTrustRoot` of its chain ids):
   * its contracts' addresses follow from the solver's public key alone. Give it to the client
   * (`createClient({ trustRoot })`) of a test that pays through the devnet.
   */
  trustRoot: TrustRoot;
  /** Webhook deliveries so far. */
  webhookDeliveries: () => readonly WebhookDelivery[];
  /** Sends a failed webhook delivery again (also `POST /devnet/webhooks/{id}/replay`). */
  replayWebhook: WebhookOutbox["replay"];
  /** The state database file, or null when the state is in memory only. */
  statePath: string | null;
  /**
   * Closes every status-stream connection (code 1012) as the live service's rolling restarts do;
   * clients reconnect to the same URL.
   */
  restartStream: () => void;
  /**
   * The Bitcoin chain (kept in `stateDir` when one is given), to mine blocks on demand (`mine(n)`) and
   * read it directly.
   */
  bitcoin: BitcoinChain;
  /** The external exchange's ledger (kept in `stateDir` when one is given). */
  exchange: ExchangeLedger;
  /**
   * The market: read a currency's price now (`priceOf`), or move a group's price by hand (`move`, as
   * `POST /devnet/prices` does; kept in `stateDir` when one is given).
   */
  prices: PriceSource;
  /**
   * Resolves when every deposit seen so far is processed and every webhook delivered or failed. The
   * orphans whose window (`orphanRefundDelayMs`) has passed by the solver's clock are refunded first;
   * one still in its window stays `pending` and is not waited for.
   */
  idle: () => Promise<void>;
  /** Stops the server, the timers, the webhook outbox and the chains. */
  stop: () => Promise<void>;
};

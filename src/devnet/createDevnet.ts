import type { TrustRoot } from "../orders/trustRoot/types.js";
import { createDevnetApp } from "./api/createDevnetApp.js";
import type { RateLimitConfig } from "./api/createRateLimiter.js";
import type { BitcoinChain } from "./bitcoin/createBitcoinChain.js";
import type { ExchangeLedger } from "./exchange/createExchangeLedger.js";
import type { PriceSource, PriceSourceSettings } from "./prices/createPriceSource.js";
import { bootDevnet } from "./start/bootDevnet.js";
import { buildDevnetHandle } from "./start/buildDevnetHandle.js";
import { createDevnetContext } from "./start/createDevnetContext.js";
import type { DevnetInfo } from "./start/createDevnetInfo.js";
import { createDevnetStores } from "./start/createDevnetStores.js";
import { openPermitBook } from "./start/openPermitBook.js";
import { prepareEvmChains } from "./start/prepareEvmChains.js";
import type { ResolveWebhookSettingsParameters } from "./start/resolveWebhookSettings.js";
import { startDevnetServer } from "./start/startDevnetServer.js";
import { startDevnetSolver } from "./start/startDevnetSolver.js";
import { startDevnetWatchers } from "./start/startDevnetWatchers.js";
import { stopDevnet } from "./start/stopDevnet.js";
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
  /** Resolves when every deposit seen so far is processed and every webhook delivered or failed. */
  idle: () => Promise<void>;
  /** Stops the server, the timers, the webhook outbox and the chains. */
  stop: () => Promise<void>;
};

/**
 * Starts the devnet: two in-process EVM chains with the depository, a USDC-like test token and (on
 * the origin) the attestation verifier and a receiver deployed, the service's HTTP API at the root,
 * each chain's JSON-RPC at `/rpc/<chainId>`, a solver that indexes deposits (under a request id or
 * an order id), fills, refunds and signs attestations and orders, and a webhook outbox. Listens on 127.0.0.1 only.
 *
 * @param parameters - {@link CreateDevnetParameters}
 * @returns The running devnet. {@link Devnet}
 * @example
 * const devnet = await createDevnet({ port: 0 })
 * const client = createClient({ network: { baseUrl: devnet.url }, solvers: [devnet.info.solver.address], trustRoot: devnet.trustRoot })
 * await devnet.stop()
 */
export async function createDevnet(parameters: CreateDevnetParameters = {}): Promise<Devnet> {
  const boot = await bootDevnet(parameters);
  const { settings, state, stored, resources } = boot;
  const { originChainId, destinationChainId, log } = settings;
  const stop = () => stopDevnet(resources);
  try {
    const evm = await prepareEvmChains(boot);
    const stores = createDevnetStores(boot, evm.contracts);
    // Listen first: the URL goes into the chains' RPC URLs and the logo links.
    const url = await startDevnetServer(resources, {
      fetch: (request) => app.fetch(request),
      port: settings.port,
      host: settings.host,
      maxBodyBytes: settings.maxBodyBytes,
      log,
    });
    const payments = startDevnetSolver(boot, { evm, stores });
    const { apiChains, indexQueue } = await startDevnetWatchers(boot, { evm, stores, payments, url });
    const permits = await openPermitBook({
      state,
      restored: stored !== undefined,
      store: stores.store,
      rawChains: boot.rawChains,
      log,
    });
    const context = createDevnetContext({
      url,
      originChainId,
      destinationChainId,
      chains: apiChains,
      currencies: stores.currencies,
      store: stores.store,
      outbox: stores.outbox,
      solver: boot.solverAccount,
      rateLimit: parameters.rateLimit,
      indexQueue,
      blockTimeMs: settings.blockTimeMs,
      maxBodyBytes: settings.maxBodyBytes,
      rpcAdmin: parameters.rpcAdmin,
      webhooks: boot.webhooks,
      webhookHeaders: boot.webhookHeaders,
      bitcoin: payments.bitcoin,
      exchange: { ledger: payments.exchangeLedger },
      log,
      priceImpact: parameters.priceImpact,
      prices: boot.prices,
      appFees: stores.appFees,
      permits,
      state,
    });
    const app = createDevnetApp(context);
    return buildDevnetHandle(boot, { url, apiChains, stores, payments, stop });
  } catch (error) {
    await stop();
    throw error;
  }
}

import { privateKeyToAccount } from "viem/accounts";
import type { TrustRoot } from "../orders/trustRoot/types.js";
import { createDevnetApp } from "./api/createDevnetApp.js";
import { createIndexQueue } from "./api/createIndexQueue.js";
import type { RateLimitConfig } from "./api/createRateLimiter.js";
import { defaultBitcoinBlockTimeMs } from "./bitcoin/constants.js";
import type { BitcoinChain } from "./bitcoin/createBitcoinChain.js";
import { createTransactionSender } from "./chains/createTransactionSender.js";
import type { DevnetContracts } from "./chains/deployDevnetContracts.js";
import {
  defaultBitcoinHighValueThreshold,
  defaultDevnetPort,
  defaultMaxBodyBytes,
  devnetSolverPrivateKey,
  devnetSponsorPrivateKey,
} from "./constants.js";
import { devnetTrustRoot } from "./devnetTrustRoot.js";
import type { ExchangeLedger } from "./exchange/createExchangeLedger.js";
import { createPriceSource, type PriceSource, type PriceSourceSettings } from "./prices/createPriceSource.js";
import { devnetCurrencies } from "./quote/devnetCurrencies.js";
import { accrueAppFees } from "./start/accrueAppFees.js";
import { checkDevnetParameters } from "./start/checkDevnetParameters.js";
import { createDevnetContext } from "./start/createDevnetContext.js";
import { createDevnetInfo, type DevnetInfo } from "./start/createDevnetInfo.js";
import { createDevnetOutbox } from "./start/createDevnetOutbox.js";
import { createDevnetRequestStore } from "./start/createDevnetRequestStore.js";
import { createDevnetSolver } from "./start/createDevnetSolver.js";
import { openDevnetState } from "./start/openDevnetState.js";
import { openPermitBook } from "./start/openPermitBook.js";
import {
  type ResolveWebhookSettingsParameters,
  resolveWebhookSettings,
} from "./start/resolveWebhookSettings.js";
import { restoreOrDeployContracts } from "./start/restoreOrDeployContracts.js";
import { restoreWebhookDeliveries } from "./start/restoreWebhookDeliveries.js";
import { resumeRestoredRequests } from "./start/resumeRestoredRequests.js";
import { rewatchDepositAddresses } from "./start/rewatchDepositAddresses.js";
import { startBitcoinChain } from "./start/startBitcoinChain.js";
import { defaultChainSnapshotEvery, startChainSnapshots } from "./start/startChainSnapshots.js";
import { startChainWatchers } from "./start/startChainWatchers.js";
import { startDevnetServer } from "./start/startDevnetServer.js";
import { startEvmChains } from "./start/startEvmChains.js";
import { startExchangeLedger } from "./start/startExchangeLedger.js";
import { startExternalDepositWatchers } from "./start/startExternalDepositWatchers.js";
import { type DevnetResources, stopDevnet } from "./start/stopDevnet.js";
import { createAppFeeLedger } from "./state/createAppFeeLedger.js";
import { openAppFeeStore } from "./state/openAppFeeStore.js";
import type { DevnetRequest } from "./state/types.js";
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
  const {
    port = defaultDevnetPort,
    host = "127.0.0.1",
    originChainId = 31337,
    destinationChainId = 31338,
    blockTimeMs,
    indexIntervalMs = 100,
    maxBodyBytes = defaultMaxBodyBytes,
    bitcoinBlockTimeMs = defaultBitcoinBlockTimeMs,
    bitcoinHighValueThreshold = defaultBitcoinHighValueThreshold,
    log = (message: string) => process.stderr.write(`[devnet] ${message}\n`),
  } = parameters;
  checkDevnetParameters({
    ...parameters,
    host,
    originChainId,
    destinationChainId,
    bitcoinBlockTimeMs,
    bitcoinHighValueThreshold,
    maxBodyBytes,
  });
  // Price settings refused before anything opens (PriceMoveError); the market itself starts at genesis.
  createPriceSource({ ...parameters.prices, startMs: 0 });
  const chainIds: [number, number] = [originChainId, destinationChainId];
  // The state directory, and what its first run fixed: chain ids, genesis time, contracts.
  const { state, stored } = await openDevnetState({ stateDir: parameters.stateDir, chainIds });
  // Webhook settings: those stored by an earlier run, then the ones given now (which win).
  const { webhooks, webhookHeaders } = resolveWebhookSettings({ ...parameters, state });
  if (state) log(`state: ${state.path}${stored ? " (restored)" : " (new)"}`);
  else log("state: in memory only, nothing is kept when the process ends (keep it with --state DIR)");

  const stopController = new AbortController();
  const solverAccount = privateKeyToAccount(devnetSolverPrivateKey);
  const sponsorAccount = privateKeyToAccount(devnetSponsorPrivateKey);
  // A whole second: the genesis time is stored and given again on a restart.
  const genesisMs = stored?.genesisMs ?? Math.floor(Date.now() / 1000) * 1000;
  // The market walks from the genesis time, so a restart walks the same way; moves by hand are kept.
  const prices = createPriceSource({
    ...parameters.prices,
    startMs: genesisMs,
    now: parameters.now,
    moves: (state?.getMeta("priceMoves") as Record<string, number> | undefined) ?? {},
    onMove: (moves) => state?.setMeta("priceMoves", moves),
  });
  const { rawChains, chains } = await startEvmChains({
    chainIds,
    genesisMs,
    state,
    signal: stopController.signal,
    onJournaled: (chainId) => resources.snapshots?.journaled(chainId),
  });
  const resources: DevnetResources = {
    stopController,
    state,
    chains,
    indexers: [],
    watchers: [],
    outboxStop: () => {},
  };
  const stop = () => stopDevnet(resources);

  try {
    const receiptPollMs = blockTimeMs === undefined ? 10 : Math.max(10, Math.floor(blockTimeMs / 4));
    const senders = chains.map((chain) =>
      createTransactionSender({
        chainId: chain.chainId,
        request: chain.request,
        account: solverAccount,
        signal: stopController.signal,
        receiptPollMs,
      }),
    );
    const contracts: DevnetContracts[] = await restoreOrDeployContracts({
      state,
      stored,
      rawChains,
      chains,
      senders,
      sponsor: sponsorAccount.address,
      chainIds,
      genesisMs,
      log,
    });
    if (blockTimeMs !== undefined) for (const chain of chains) await chain.setIntervalMining(blockTimeMs);

    const outbox: WebhookOutbox = createDevnetOutbox({
      webhooks,
      webhookHeaders,
      retry: parameters.webhookRetry,
      state,
      log,
    });
    resources.outboxStop = outbox.stop;
    const currencies = devnetCurrencies({
      chains: chains.map((chain, index) => ({
        chainId: chain.chainId,
        token: (contracts[index] as DevnetContracts).token,
        weth: (contracts[index] as DevnetContracts).weth,
      })),
    });
    const appFees = createAppFeeLedger({ journal: state ? openAppFeeStore({ database: state }) : undefined });
    if (state) restoreWebhookDeliveries({ state, outbox, log });
    const accrue = (request: DevnetRequest) => accrueAppFees({ request, currencies, appFees });
    const store = createDevnetRequestStore({
      state,
      outbox,
      accrueAppFees: accrue,
      stream: () => resources.stream,
      log,
    });

    // Listen first: the URL goes into the chains' RPC URLs and the logo links.
    const url = await startDevnetServer(resources, {
      fetch: (request) => app.fetch(request),
      port,
      host,
      maxBodyBytes,
      log,
    });
    const bitcoinStart = startBitcoinChain({
      blockTimeMs: bitcoinBlockTimeMs,
      highValueThreshold: bitcoinHighValueThreshold,
      state,
      store,
      log,
    });
    const bitcoinChain: BitcoinChain = bitcoinStart.chain;
    resources.bitcoinChain = bitcoinChain;
    const exchangeLedger: ExchangeLedger = startExchangeLedger({ state, log });
    const solver = createDevnetSolver({
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
      now: parameters.now,
      signal: stopController.signal,
      log,
    });
    // Deposits the restored requests already took: the indexer reads the chains from block 0 again.
    const handled = store
      .all()
      .flatMap((request) =>
        request.deposit ? [`${request.deposit.txHash}:${request.deposit.logIndex}`] : [],
      );
    if (state && stored) resumeRestoredRequests({ store, solver, accrueAppFees: accrue, log });
    const apiChains = startChainWatchers(resources, {
      chains,
      senders,
      contracts,
      solver,
      handled,
      url,
      pollMs: indexIntervalMs,
      log,
    });
    const snapshotEvery = parameters.chainSnapshotEvery ?? defaultChainSnapshotEvery;
    if (state && snapshotEvery > 0)
      resources.snapshots = startChainSnapshots({
        state,
        chains: rawChains,
        every: snapshotEvery,
        // Not past a block a watcher has not read, nor while a deposit address waits for its sweep.
        safeBlock: (chainId) => {
          const chain = apiChains.get(chainId);
          const indexed = chain?.indexer.scannedThrough();
          if (indexed === undefined || store.all().some((request) => request.status === "depositing"))
            return undefined;
          const watched = chain?.depositAddresses.scannedThrough();
          return watched !== undefined && watched < indexed ? watched : indexed;
        },
        log,
      });
    resources.indexQueue = createIndexQueue({
      chains: apiChains,
      pollMs: blockTimeMs === undefined ? 100 : Math.max(10, Math.floor(blockTimeMs / 4)),
      log,
    });
    await rewatchDepositAddresses({ store, chains: apiChains });
    startExternalDepositWatchers(resources, {
      exchangeLedger,
      bitcoin: bitcoinStart.bitcoin,
      store,
      solver,
      restored: state !== undefined && stored !== undefined,
      log,
    });
    const permits = await openPermitBook({ state, restored: stored !== undefined, store, rawChains, log });
    const context = createDevnetContext({
      url,
      originChainId,
      destinationChainId,
      chains: apiChains,
      currencies,
      store,
      outbox,
      solver: solverAccount,
      rateLimit: parameters.rateLimit,
      indexQueue: resources.indexQueue,
      blockTimeMs,
      maxBodyBytes,
      rpcAdmin: parameters.rpcAdmin,
      webhooks,
      webhookHeaders,
      bitcoin: bitcoinStart.bitcoin,
      exchange: { ledger: exchangeLedger },
      log,
      priceImpact: parameters.priceImpact,
      prices,
      appFees,
      permits,
      state,
    });
    const app = createDevnetApp(context);

    return {
      url,
      info: createDevnetInfo({
        url,
        originChainId,
        destinationChainId,
        chains: apiChains,
        solver: solverAccount.address,
        bitcoinChain,
      }),
      trustRoot: devnetTrustRoot({ originChainId, destinationChainId }),
      webhookDeliveries: outbox.deliveries,
      replayWebhook: outbox.replay,
      statePath: state?.path ?? null,
      restartStream: () => resources.stream?.restart(),
      bitcoin: bitcoinChain,
      exchange: exchangeLedger,
      prices,
      async idle() {
        // Sweeps first: a sweep is a deposit the indexers then read.
        await Promise.all(resources.watchers.map((watcher) => watcher.scan()));
        await Promise.all(resources.indexers.map((indexer) => indexer.scan()));
        await solver.idle();
        await outbox.idle();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

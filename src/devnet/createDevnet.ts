import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { encodeFunctionData, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type * as z from "zod";
import { bitcoin as bitcoinRoute } from "../chains/bitcoin/constants.js";
import { externalExchange } from "../chains/exchange/constants.js";
import { devnetEip3009TokenAbi } from "../contracts/devnet/abis.js";
import type { responseSchemas } from "../schemas/responses.js";
import { signWebhook } from "../webhooks/signWebhook.js";
import { createDevnetApp } from "./api/createDevnetApp.js";
import { createIndexQueue, type IndexQueue } from "./api/createIndexQueue.js";
import { createRateLimiter, type RateLimitConfig } from "./api/createRateLimiter.js";
import type { ApiChain, DevnetBitcoin, DevnetContext, DevnetExchange } from "./api/types.js";
import { bitcoinSolverWallet } from "./bitcoin/bitcoinTestWallets.js";
import { defaultBitcoinBlockTimeMs, esploraPathPrefix } from "./bitcoin/constants.js";
import { type BitcoinChain, createBitcoinChain } from "./bitcoin/createBitcoinChain.js";
import { BitcoinChainReplayError } from "./bitcoin/errors.js";
import { createDevnetChains, type DevnetChain } from "./chains/createDevnetChains.js";
import { createTransactionSender, type TransactionSender } from "./chains/createTransactionSender.js";
import { type DevnetContracts, deployDevnetContracts } from "./chains/deployDevnetContracts.js";
import { journalChain, replayChainJournal } from "./chains/journalChain.js";
import {
  defaultBitcoinHighValueThreshold,
  defaultDevnetPort,
  defaultMaxBodyBytes,
  devnetBitcoinSolverFunding,
  devnetChainSlugs,
  devnetSolverPrivateKey,
  devnetSponsorPrivateKey,
  devnetTestAccounts,
  exchangePathPrefix,
  testAccountNativeBalance,
  testAccountTokenBalance,
} from "./constants.js";
import { exchangeSolverAccount, exchangeTestAccounts } from "./exchange/constants.js";
import { createExchangeLedger, type ExchangeLedger } from "./exchange/createExchangeLedger.js";
import { ExchangeLedgerReplayError } from "./exchange/errors.js";
import { AmountTooLowError, computeQuoteAmounts } from "./pricing/computeQuoteAmounts.js";
import { convertAmount } from "./pricing/convertAmount.js";
import { devnetCurrencies, devnetPrices } from "./pricing/devnetCurrencies.js";
import {
  type BitcoinDepositWatcher,
  createBitcoinDepositWatcher,
} from "./solver/createBitcoinDepositWatcher.js";
import {
  createDepositAddressWatcher,
  type DepositAddressWatcher,
} from "./solver/createDepositAddressWatcher.js";
import { createDepositIndexer, type DepositIndexer } from "./solver/createDepositIndexer.js";
import {
  createExchangeDepositWatcher,
  type ExchangeDepositWatcher,
} from "./solver/createExchangeDepositWatcher.js";
import { createSolver } from "./solver/createSolver.js";
import {
  createBitcoinPayout,
  createBitcoinPayoutFollower,
  createExchangePayout,
  createExchangePayoutFollower,
} from "./solver/externalPayouts.js";
import { createAppFeeLedger } from "./state/createAppFeeLedger.js";
import { createPermitBook } from "./state/createPermitBook.js";
import { createRequestStore } from "./state/createRequestStore.js";
import { CorruptStateError } from "./state/errors.js";
import { openAppFeeStore } from "./state/openAppFeeStore.js";
import { openBitcoinChainStore } from "./state/openBitcoinChainStore.js";
import { openExchangeLedgerStore } from "./state/openExchangeLedgerStore.js";
import { openPermitStore } from "./state/openPermitStore.js";
import { openStateDatabase, type StateDatabase } from "./state/openStateDatabase.js";
import { toStatusBody } from "./state/toStatusBody.js";
import type { DevnetRequest } from "./state/types.js";
import { createStatusStream, type StatusStream } from "./stream/createStatusStream.js";
import { checkWebhookHeaders } from "./webhooks/checkWebhookHeaders.js";
import {
  createWebhookOutbox,
  type WebhookDelivery,
  type WebhookOutbox,
} from "./webhooks/createWebhookOutbox.js";

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
  webhookUrl?: string | undefined;
  /** The API key whose requests post events to `webhookUrl`; also the HMAC secret. */
  apiKey?: string | undefined;
  /** Custom headers sent with every delivery to `webhookUrl` (never replacing the signature headers). */
  webhookHeaders?: Readonly<Record<string, string>> | undefined;
  /**
   * More endpoints, per API key: the webhook URL, or `{ url, headers }` with custom headers sent with
   * every delivery (checked by `checkWebhookHeaders`: never a signature, event or transport header).
   */
  webhooks?:
    | Readonly<
        Record<string, string | { url: string; headers?: Readonly<Record<string, string>> | undefined }>
      >
    | undefined;
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
   * The price impact of swaps (routes between ETH and USDC): a constant-product pool of
   * `liquidityUsd` (default 10,000,000) per route, and the largest impact quoted without
   * `overridePriceImpact` (`maxImpactBps`, default 300 = 3 %; above it, 400 `SWAP_IMPACT_TOO_HIGH`).
   * `false` turns the impact off.
   */
  priceImpact?: { liquidityUsd?: number | undefined; maxImpactBps?: number | undefined } | false | undefined;
  /** Where refused transitions, failed webhooks and errors are reported. Default: stderr. */
  log?: ((message: string) => void) | undefined;
};

/** What `GET /devnet/info` answers. */
export type DevnetInfo = {
  url: string;
  /** `ws://127.0.0.1:<port>`: the status stream (the live service's websocket protocol). */
  webSocketUrl: string;
  originChainId: number;
  destinationChainId: number;
  chains: {
    chainId: number;
    /** The chain's slug (`devnet-origin`, `devnet-destination`): `protocol.v2.chainId` in `GET /chains` and in orders. */
    name: string;
    role: "origin" | "destination";
    rpcUrl: string;
    contracts: DevnetContracts;
  }[];
  solver: { address: `0x${string}` };
  testAccounts: {
    address: `0x${string}`;
    privateKey: `0x${string}`;
    nativeBalance: string;
    tokenBalance: string;
  }[];
  /** The Bitcoin chain (8253038): its Esplora-compatible API and its funded test wallets. */
  bitcoin: {
    chainId: number;
    esploraUrl: string;
    solver: { address: string };
    testWallets: { p2wpkhAddress: string; p2trAddress: string; privateKey: string; wif: string }[];
  };
  /** The external exchange (3586256): its transfer API, the relayer account and the test accounts. */
  exchange: {
    chainId: number;
    apiUrl: string;
    relayerAccountIndex: number;
    testAccounts: { accountIndex: number; apiKey: string }[];
  };
};

export type Devnet = {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  info: DevnetInfo;
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
 * const client = createClient({ network: { baseUrl: devnet.url } })
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
  if (host !== "127.0.0.1") throw new Error("The devnet listens on 127.0.0.1 only.");
  if (originChainId === destinationChainId)
    throw new Error("The origin and destination chain ids must differ.");
  if ((parameters.webhookUrl === undefined) !== (parameters.apiKey === undefined))
    throw new Error("webhookUrl and apiKey go together: the API key is the webhook's HMAC secret.");
  if (blockTimeMs !== undefined && !(Number.isInteger(blockTimeMs) && blockTimeMs > 0))
    throw new Error("blockTimeMs must be a positive integer.");
  if (!(Number.isSafeInteger(bitcoinBlockTimeMs) && bitcoinBlockTimeMs >= 0))
    throw new Error("bitcoinBlockTimeMs must be a non-negative integer.");
  if (typeof bitcoinHighValueThreshold !== "bigint" || bitcoinHighValueThreshold < 0n)
    throw new Error("bitcoinHighValueThreshold must be a non-negative bigint (satoshis).");
  if (parameters.webhookHeaders !== undefined && parameters.webhookUrl === undefined)
    throw new Error("webhookHeaders go with webhookUrl (and apiKey).");
  const state: StateDatabase | undefined =
    parameters.stateDir === undefined ? undefined : await openStateDatabase({ dir: parameters.stateDir });
  /** What the first run with this state directory fixed: chain ids, genesis time, contracts. */
  const stored = state?.getMeta("chains") as StoredChains | undefined;
  if (stored && (stored.chainIds[0] !== originChainId || stored.chainIds[1] !== destinationChainId)) {
    state?.close();
    throw new Error(
      `The state in ${parameters.stateDir} belongs to chains ${stored.chainIds.join(" and ")}, not ${originChainId} and ${destinationChainId}.`,
    );
  }
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    throw new Error("maxBodyBytes must be a positive integer.");
  // Webhook settings: those stored by an earlier run, then the ones given now (which win).
  const webhooks = new Map(Object.entries((state?.getMeta("webhooks") as Record<string, string>) ?? {}));
  const webhookHeaders = new Map(
    Object.entries((state?.getMeta("webhookHeaders") as Record<string, Record<string, string>>) ?? {}),
  );
  const endpoints = Object.entries(parameters.webhooks ?? {}).map(([apiKey, endpoint]) =>
    typeof endpoint === "string" ? { apiKey, url: endpoint, headers: undefined } : { apiKey, ...endpoint },
  );
  if (parameters.webhookUrl !== undefined && parameters.apiKey !== undefined)
    endpoints.push({
      apiKey: parameters.apiKey,
      url: parameters.webhookUrl,
      headers: parameters.webhookHeaders,
    });
  try {
    for (const { apiKey, url, headers } of endpoints) {
      webhooks.set(apiKey, url);
      if (headers !== undefined) webhookHeaders.set(apiKey, checkWebhookHeaders({ apiKey, headers }));
      else webhookHeaders.delete(apiKey);
    }
    for (const url of webhooks.values()) new URL(url);
  } catch (error) {
    state?.close();
    throw error;
  }
  state?.setMeta("webhooks", Object.fromEntries(webhooks));
  state?.setMeta("webhookHeaders", Object.fromEntries(webhookHeaders));
  if (state) log(`state: ${state.path}${stored ? " (restored)" : " (new)"}`);
  else log("state: in memory only, nothing is kept when the process ends (keep it with --state DIR)");

  const stopController = new AbortController();
  const solverAccount = privateKeyToAccount(devnetSolverPrivateKey);
  const sponsorAccount = privateKeyToAccount(devnetSponsorPrivateKey);
  // A whole second: the genesis time is stored and given again on a restart.
  const genesisMs = stored?.genesisMs ?? Math.floor(Date.now() / 1000) * 1000;
  let rawChains: DevnetChain[];
  try {
    rawChains = await createDevnetChains({
      chainIds: [originChainId, destinationChainId],
      initialDate: new Date(genesisMs),
    });
  } catch (error) {
    state?.close();
    throw error;
  }
  // With a state directory, every state-changing call is journaled before its answer goes out.
  const chains: DevnetChain[] = rawChains.map((chain) =>
    state
      ? {
          ...chain,
          request: journalChain({
            chainId: chain.chainId,
            request: chain.request,
            append: state.appendChainCall,
            setBlock: state.setChainCallBlock,
            signal: stopController.signal,
          }),
        }
      : chain,
  );
  const indexers: DepositIndexer[] = [];
  let indexQueue: IndexQueue | undefined;
  let stream: StatusStream | undefined;
  const watchers: DepositAddressWatcher[] = [];
  let server: Server | undefined;
  let outboxStop = () => {};
  let bitcoinChain: BitcoinChain | undefined;
  let bitcoinWatcher: BitcoinDepositWatcher | undefined;
  let exchangeWatcher: ExchangeDepositWatcher | undefined;

  const stop = async () => {
    if (stopController.signal.aborted) return;
    stopController.abort();
    for (const indexer of indexers) indexer.stop();
    bitcoinChain?.stop();
    bitcoinWatcher?.stop();
    exchangeWatcher?.stop();
    indexQueue?.stop();
    for (const watcher of watchers) watcher.stop();
    outboxStop();
    await stream?.stop();
    if (server) {
      const closing = new Promise<void>((resolve) => (server as Server).close(() => resolve()));
      server.closeAllConnections();
      await closing;
    }
    await Promise.allSettled(chains.map((chain) => chain.close()));
    state?.close();
  };

  try {
    const senders = chains.map((chain) =>
      createTransactionSender({
        chainId: chain.chainId,
        request: chain.request,
        account: solverAccount,
        signal: stopController.signal,
        receiptPollMs: blockTimeMs === undefined ? 10 : Math.max(10, Math.floor(blockTimeMs / 4)),
      }),
    );
    const senderOf = (index: number) => senders[index] as TransactionSender;
    const roleOf = (index: number) => (index === 0 ? "origin" : "destination");
    let contracts: DevnetContracts[];
    if (state && stored) {
      // The chains start from the same genesis; their journal rebuilds everything done since.
      const calls = state.loadChainCalls();
      for (const chain of rawChains) {
        const replayed = await replayChainJournal({
          request: chain.request,
          calls: calls.filter((call) => call.chainId === chain.chainId),
          log,
        });
        log(`state: chain ${chain.chainId}: ${replayed} calls replayed`);
      }
      contracts = stored.contracts;
    } else {
      // A first start that died before its contracts were deployed left a partial journal.
      state?.clearChainCalls();
      contracts = await Promise.all(
        chains.map((chain, index) =>
          deployDevnetContracts({
            chain,
            solver: senderOf(index),
            withReceiver: index === 0,
            chainSlug: devnetChainSlugs[roleOf(index)],
            sponsor: sponsorAccount.address,
          }),
        ),
      );
      state?.setMeta("chains", {
        chainIds: [originChainId, destinationChainId],
        genesisMs,
        contracts,
      } satisfies StoredChains);
    }
    if (blockTimeMs !== undefined) for (const chain of chains) await chain.setIntervalMining(blockTimeMs);

    const outbox = createWebhookOutbox({
      endpoints: webhooks,
      headers: webhookHeaders,
      sign: ({ body, secret }) => signWebhook({ body, secret }),
      retries: parameters.webhookRetry?.retries,
      baseDelayMs: parameters.webhookRetry?.baseDelayMs,
      maxDelayMs: parameters.webhookRetry?.maxDelayMs,
      log,
      ...(state
        ? {
            persist: (delivery: WebhookDelivery, apiKey: string) =>
              state.saveDelivery({
                id: delivery.id,
                requestId: delivery.requestId,
                apiKey,
                record: delivery,
              }),
          }
        : {}),
    });
    outboxStop = outbox.stop;
    const currencies = devnetCurrencies({
      chains: chains.map((chain, index) => ({
        chainId: chain.chainId,
        token: (contracts[index] as DevnetContracts).token,
      })),
    });
    const appFees = createAppFeeLedger({
      journal: state ? openAppFeeStore({ database: state }) : undefined,
    });
    if (state) {
      const deliveries = state.loadDeliveries();
      outbox.restore(
        deliveries.map(({ record, apiKey }) => ({ delivery: record as WebhookDelivery, apiKey })),
      );
      const queued = deliveries.filter(({ record }) => record.state === "queued").length;
      if (deliveries.length > 0)
        log(`state: ${deliveries.length} webhook deliveries restored, ${queued} queued`);
    }
    const store = createRequestStore({
      log,
      ...(state
        ? {
            initial: state.loadRequests() as DevnetRequest[],
            persist: (request: DevnetRequest) => state.saveRequest(request.requestId, request),
          }
        : {}),
      onTransition: (request) => {
        // The output was delivered (by the fill, or by the fallback route): the app fees were earned.
        if (request.status === "success" || request.status === "fallback") accrueAppFees(request);
        outbox.enqueue({
          apiKey: request.apiKey,
          requestId: request.requestId,
          payload: {
            event: "request.status.updated",
            timestamp: Date.now(),
            data: toStatusBody(request),
          } satisfies z.input<typeof responseSchemas.webhook>,
        });
        stream?.publish(toStatusBody(request));
      },
    });
    /** Each `appFees` recipient of a filled request accrues its share, in USDC (as live). */
    const accrueAppFees = (request: DevnetRequest) => {
      const currencyIn = currencies.find(
        (c) =>
          c.chainId === request.originChainId &&
          c.address.toLowerCase() === request.originCurrency.toLowerCase(),
      );
      if (!currencyIn) return;
      for (const [index, { recipient, bps }] of (request.appFees ?? []).entries()) {
        const share = (request.amountIn * bps + 9_999n) / 10_000n;
        appFees.credit(
          recipient,
          convertAmount({
            amount: share,
            from: currencyIn,
            to: { decimals: 6, priceUsdMicros: devnetPrices.usdc },
            rounding: "floor",
          }),
          // Once per request and recipient: credited again after a restart, it counts once.
          `${request.requestId.toLowerCase()}:${index}`,
        );
      }
    };

    // Listen first: the URL goes into the chains' RPC URLs and the logo links.
    server = createAdaptorServer({ fetch: (request) => app.fetch(request) }) as Server;
    await new Promise<void>((resolve, reject) => {
      (server as Server).once("error", reject);
      (server as Server).listen(port, host, () => resolve());
    });
    const url = `http://${host}:${(server.address() as AddressInfo).port}`;
    stream = createStatusStream({ server, log });

    const solverChains = new Map(
      chains.map((chain, index) => [
        chain.chainId,
        {
          chainId: chain.chainId,
          request: chain.request,
          sender: senderOf(index),
          contracts: contracts[index] as DevnetContracts,
        },
      ]),
    );
    // With a state directory the Bitcoin chain is rebuilt from its journal: the same blocks (hashes,
    // timestamps), mempool and balances; its block timer starts again after the replay.
    const bitcoinJournal = state ? openBitcoinChainStore({ database: state }) : undefined;
    try {
      bitcoinChain = createBitcoinChain({
        blockTimeMs: bitcoinBlockTimeMs,
        funding: [{ address: bitcoinSolverWallet.p2wpkhAddress, amount: devnetBitcoinSolverFunding }],
        journal: bitcoinJournal,
        log,
      });
    } catch (error) {
      if (state && error instanceof BitcoinChainReplayError)
        throw new CorruptStateError({
          path: state.path,
          location: 'journal "bitcoin"',
          reason: `does not replay (${error.shortMessage})`,
          cause: error,
        });
      throw error;
    }
    if (bitcoinJournal && bitcoinJournal.entries.length > 0)
      log(
        `state: Bitcoin chain restored at height ${bitcoinChain.height()} (${bitcoinChain.tip().hash}), ${bitcoinChain.mempool().length} transactions in the mempool`,
      );
    const bitcoin: DevnetBitcoin = {
      chain: bitcoinChain,
      solverWallet: bitcoinSolverWallet,
      highValueThreshold: bitcoinHighValueThreshold,
      blockTimeMs: bitcoinBlockTimeMs,
      // Deposit addresses of restored quotes from Bitcoin are watched again.
      depositAddresses: new Map(
        store
          .all()
          .flatMap((request) =>
            request.originChainId === bitcoinRoute.chainId && request.depositAddress
              ? [[request.depositAddress.address as string, request.requestId] as const]
              : [],
          ),
      ),
    };
    const exchangeJournal = state ? openExchangeLedgerStore({ database: state }) : undefined;
    let exchangeLedger: ExchangeLedger;
    try {
      exchangeLedger = createExchangeLedger({ journal: exchangeJournal, log });
    } catch (error) {
      if (state && error instanceof ExchangeLedgerReplayError)
        throw new CorruptStateError({
          path: state.path,
          location: 'journal "exchange"',
          reason: `does not replay (${error.shortMessage})`,
          cause: error,
        });
      throw error;
    }
    if (exchangeJournal && exchangeJournal.entries.length > 0)
      log(`state: exchange ledger restored, ${exchangeLedger.transfers().length} transfers`);
    const exchange: DevnetExchange = { ledger: exchangeLedger };
    const currencyOf = (chainId: number, address: string) =>
      currencies.find((c) => c.chainId === chainId && c.address.toLowerCase() === address.toLowerCase());
    const sponsors = new Map(
      chains.map((chain) => [
        chain.chainId,
        createTransactionSender({
          chainId: chain.chainId,
          request: chain.request,
          account: sponsorAccount,
          signal: stopController.signal,
          receiptPollMs: blockTimeMs === undefined ? 10 : Math.max(10, Math.floor(blockTimeMs / 4)),
        }),
      ]),
    );
    const solver = createSolver({
      store,
      chains: solverChains,
      externalPayouts: new Map([
        [
          bitcoinRoute.chainId,
          createBitcoinPayout({
            chain: bitcoinChain,
            wallet: bitcoinSolverWallet,
            signal: stopController.signal,
          }),
        ],
        [
          externalExchange.chainId,
          createExchangePayout({ ledger: exchange.ledger, apiKey: exchangeSolverAccount.apiKey }),
        ],
      ]),
      externalFollowers: new Map([
        [
          bitcoinRoute.chainId,
          createBitcoinPayoutFollower({
            chain: bitcoinChain,
            wallet: bitcoinSolverWallet,
            signal: stopController.signal,
          }),
        ],
        [
          externalExchange.chainId,
          createExchangePayoutFollower({
            ledger: exchange.ledger,
            relayerAccountIndex: exchangeSolverAccount.accountIndex,
          }),
        ],
      ]),
      log,
      sponsors,
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
    // Deposits the restored requests already took: the indexer reads the chains from block 0 again.
    const handled = store
      .all()
      .flatMap((request) =>
        request.deposit ? [`${request.deposit.txHash}:${request.deposit.logIndex}`] : [],
      );
    if (state && stored) {
      log(`state: ${store.size()} requests restored`);
      // Fees of requests filled just before the process ended (the request kept, its credit not yet).
      for (const request of store.all())
        if (request.status === "success" || request.status === "fallback") accrueAppFees(request);
      // Work a crash cut short: finished where the chains show it is safe, else left and logged.
      // A pending deposit from Bitcoin or the exchange is taken up by its watcher below.
      const watched: number[] = [bitcoinRoute.chainId, externalExchange.chainId];
      for (const request of store.all())
        if (
          request.status === "submitted" ||
          (request.status === "pending" && !watched.includes(request.originChainId))
        )
          solver.resume(request.requestId);
    }
    const apiChains = new Map<number, ApiChain>(
      chains.map((chain: DevnetChain, index) => {
        const chainContracts = contracts[index] as DevnetContracts;
        const indexer = createDepositIndexer({
          chainId: chain.chainId,
          request: chain.request,
          depository: chainContracts.depository,
          onDeposit: solver.handleDeposit,
          handled,
          pollMs: indexIntervalMs,
          log,
        });
        const depositAddresses = createDepositAddressWatcher({
          chainId: chain.chainId,
          request: chain.request,
          sender: senderOf(index),
          factory: chainContracts.depositAddressFactory,
          tokens: [chainContracts.token],
          onTransfer: solver.handleDepositAddressTransfer,
          pollMs: indexIntervalMs,
          log,
        });
        indexers.push(indexer);
        watchers.push(depositAddresses);
        return [
          chain.chainId,
          {
            chainId: chain.chainId,
            name: devnetChainSlugs[roleOf(index)],
            role: roleOf(index),
            rpcUrl: `${url}/rpc/${chain.chainId}`,
            request: chain.request,
            sender: senderOf(index),
            contracts: chainContracts,
            indexer,
            depositAddresses,
          },
        ];
      }),
    );
    indexQueue = createIndexQueue({
      chains: apiChains,
      pollMs: blockTimeMs === undefined ? 100 : Math.max(10, Math.floor(blockTimeMs / 4)),
      log,
    });
    // Restored deposit addresses are watched again from the first block: a transfer seen before the
    // restart is seen again (its request keeps the first hash) and swept if it was not yet.
    for (const request of store.all())
      if (request.depositAddress && request.orderId && ["waiting", "depositing"].includes(request.status))
        await apiChains.get(request.originChainId)?.depositAddresses.watch(
          {
            requestId: request.requestId,
            orderId: request.orderId,
            address: request.depositAddress.address,
            depositor: request.depositAddress.depositor,
          },
          { fromBlock: 0n },
        );
    exchangeWatcher = createExchangeDepositWatcher({
      ledger: exchange.ledger,
      chainId: externalExchange.chainId,
      relayer: exchangeSolverAccount,
      store,
      fill: solver.fill,
      log,
    });
    bitcoinWatcher = createBitcoinDepositWatcher({
      chain: bitcoinChain,
      chainId: bitcoinRoute.chainId,
      solverWallet: bitcoinSolverWallet,
      highValueThreshold: bitcoinHighValueThreshold,
      depositAddresses: bitcoin.depositAddresses,
      store,
      fill: solver.fill,
      log,
    });
    if (state && stored) {
      bitcoinWatcher.restore({ hasPayout: solver.hasPayout });
      exchangeWatcher.restore({ hasPayout: solver.hasPayout });
    }
    const permits = createPermitBook({ journal: state ? openPermitStore({ database: state }) : undefined });
    if (state && stored) {
      // A submission the process ended in: free again if the token never took the authorization.
      for (const { requestId, authorization, submitted } of permits.all()) {
        if (!submitted || store.get(requestId as Hex)?.status !== "waiting") continue;
        const used = (await rawChains
          .find((chain) => chain.chainId === authorization.chainId)
          ?.request({
            method: "eth_call",
            params: [
              {
                to: authorization.token,
                data: encodeFunctionData({
                  abi: devnetEip3009TokenAbi,
                  functionName: "authorizationState",
                  args: [authorization.from, authorization.nonce],
                }),
              },
              "latest",
            ],
          })) as Hex | undefined;
        if (used !== undefined && BigInt(used) === 0n) {
          permits.release(requestId);
          log(`state: the permit of request ${requestId} was not used on chain; it may be submitted again`);
        } else
          log(
            `state: the permit of request ${requestId} was used on chain before the restart; check it by hand`,
          );
      }
      const kept = permits.all();
      if (kept.length > 0)
        log(
          `state: ${kept.length} permits restored, ${kept.filter((permit) => permit.submitted).length} submitted`,
        );
    }
    const context: DevnetContext = {
      url,
      originChainId,
      destinationChainId,
      chains: apiChains,
      currencies,
      store,
      outbox,
      solver: solverAccount,
      rateLimiter: createRateLimiter({ config: parameters.rateLimit }),
      indexQueue,
      blockTimeMs: blockTimeMs ?? null,
      maxBodyBytes,
      webhooks,
      webhookHeaders,
      setWebhook: (apiKey, webhookUrl) => {
        webhooks.set(apiKey, webhookUrl);
        state?.setMeta("webhooks", Object.fromEntries(webhooks));
      },
      bitcoin,
      exchange,
      log,
      swaps:
        parameters.priceImpact === false
          ? undefined
          : {
              liquidityUsdMicros: BigInt(parameters.priceImpact?.liquidityUsd ?? 10_000_000) * 1_000_000n,
              maxImpactBps: BigInt(parameters.priceImpact?.maxImpactBps ?? 300),
            },
      appFees,
      permits,
    };
    const app = createDevnetApp(context);

    const info: DevnetInfo = {
      url,
      webSocketUrl: url.replace(/^http/, "ws"),
      originChainId,
      destinationChainId,
      chains: [...apiChains.values()].map(({ chainId, name, role, rpcUrl, contracts }) => ({
        chainId,
        name,
        role,
        rpcUrl,
        contracts,
      })),
      solver: { address: solverAccount.address },
      testAccounts: devnetTestAccounts.map((account) => ({
        ...account,
        nativeBalance: testAccountNativeBalance.toString(),
        tokenBalance: testAccountTokenBalance.toString(),
      })),
      bitcoin: {
        chainId: bitcoinRoute.chainId,
        esploraUrl: `${url}${esploraPathPrefix}`,
        solver: { address: bitcoinSolverWallet.p2wpkhAddress },
        testWallets: bitcoinChain.wallets.map(({ p2wpkhAddress, p2trAddress, privateKey, wif }) => ({
          p2wpkhAddress,
          p2trAddress,
          privateKey,
          wif,
        })),
      },
      exchange: {
        chainId: externalExchange.chainId,
        apiUrl: `${url}${exchangePathPrefix}`,
        relayerAccountIndex: exchangeSolverAccount.accountIndex,
        testAccounts: exchangeTestAccounts.map(({ accountIndex, apiKey }) => ({ accountIndex, apiKey })),
      },
    };
    return {
      url,
      info,
      webhookDeliveries: outbox.deliveries,
      replayWebhook: outbox.replay,
      statePath: state?.path ?? null,
      restartStream: () => stream?.restart(),
      bitcoin: bitcoinChain,
      exchange: exchange.ledger,
      async idle() {
        // Sweeps first: a sweep is a deposit the indexers then read.
        await Promise.all(watchers.map((watcher) => watcher.scan()));
        await Promise.all(indexers.map((indexer) => indexer.scan()));
        await bitcoinWatcher?.idle();
        await exchangeWatcher?.idle();
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

/** What the first run with a state directory stores about its chains. */
type StoredChains = {
  chainIds: [number, number];
  /** Genesis time of both chains, in ms (a whole second). */
  genesisMs: number;
  contracts: DevnetContracts[];
};

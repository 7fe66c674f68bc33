import { createDevnetApp } from "./api/createDevnetApp.js";
import { createRpcSocketServer } from "./api/createRpcSocketServer.js";
import type { InvalidDevnetParameterErrorType } from "./errors.js";
import type { DevnetRuntimeErrorType } from "./importHardhatRuntime.js";
import { bootDevnet } from "./start/bootDevnet.js";
import { buildDevnetHandle } from "./start/buildDevnetHandle.js";
import { createDevnetContext } from "./start/createDevnetContext.js";
import { createDevnetStores } from "./start/createDevnetStores.js";
import { openPermitBook } from "./start/openPermitBook.js";
import { prepareEvmChains } from "./start/prepareEvmChains.js";
import { readHistoryStart } from "./start/readHistoryStart.js";
import { settleDevnet } from "./start/settleDevnet.js";
import { startDevnetServer } from "./start/startDevnetServer.js";
import { startDevnetSolver } from "./start/startDevnetSolver.js";
import { startDevnetWatchers } from "./start/startDevnetWatchers.js";
import { stopDevnet } from "./start/stopDevnet.js";
import type { CorruptStateErrorType } from "./state/errors.js";
import type { CreateDevnetParameters, Devnet } from "./types.js";

export type { CreateDevnetParameters, Devnet } from "./types.js";

/**
 * What a start that cannot go on throws: the runtime it needs is missing (Node.js 22.13, Hardhat),
 * the state directory holds a damaged record or another pair of chains' state, or a setting is out of
 * its range (`InvalidDevnetParameterError`, naming it).
 */
export type CreateDevnetErrorType =
  | DevnetRuntimeErrorType
  | CorruptStateErrorType
  | InvalidDevnetParameterErrorType;

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
    const chainIds = boot.chains.map((chain) => chain.chainId);
    const historyFrom = readHistoryStart(state, chainIds);
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
      walletScreening: stores.walletScreening,
      permits,
      state,
      now: parameters.now,
      coins: {
        house: [boot.solverAccount.address, boot.sponsorAccount.address],
        historyFrom,
        settle: () => settleDevnet(resources, payments.solver),
        senders: new Map(),
      },
    });
    const app = createDevnetApp(context);
    if (resources.server)
      resources.rpcSockets = createRpcSocketServer({
        server: resources.server,
        chains: apiChains,
        rpcAdmin: parameters.rpcAdmin,
      });
    return buildDevnetHandle(boot, { url, apiChains, stores, payments, stop });
  } catch (error) {
    await stop();
    throw error;
  }
}

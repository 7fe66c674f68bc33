import type { Server } from "node:http";
import type { IndexQueue } from "../api/createIndexQueue.js";
import type { RpcSocketServer } from "../api/createRpcSocketServer.js";
import type { BitcoinChain } from "../bitcoin/createBitcoinChain.js";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import type { BitcoinDepositWatcher } from "../solver/createBitcoinDepositWatcher.js";
import type { DepositAddressWatcher } from "../solver/createDepositAddressWatcher.js";
import type { DepositIndexer } from "../solver/createDepositIndexer.js";
import type { ExchangeDepositWatcher } from "../solver/createExchangeDepositWatcher.js";
import type { StateDatabase } from "../state/openStateDatabase.js";
import type { StatusStream } from "../stream/createStatusStream.js";
import type { ChainSnapshots } from "./startChainSnapshots.js";

/** What a devnet has started so far: filled in as it starts, all of it stopped by `stopDevnet`. */
export type DevnetResources = {
  /** Aborted first: senders, journals and payouts stop waiting. */
  stopController: AbortController;
  state: StateDatabase | undefined;
  chains: DevnetChain[];
  indexers: DepositIndexer[];
  watchers: DepositAddressWatcher[];
  indexQueue?: IndexQueue | undefined;
  stream?: StatusStream | undefined;
  /** JSON-RPC over websockets (`createRpcSocketServer`). */
  rpcSockets?: RpcSocketServer | undefined;
  server?: Server | undefined;
  outboxStop: () => void;
  bitcoinChain?: BitcoinChain | undefined;
  bitcoinWatcher?: BitcoinDepositWatcher | undefined;
  exchangeWatcher?: ExchangeDepositWatcher | undefined;
  /** The EVM chains' snapshots (with a state directory). */
  snapshots?: ChainSnapshots | undefined;
};

/**
 * Stops a devnet, once (a second call does nothing): aborts its signal, stops the chain snapshots, the indexers, the
 * Bitcoin chain and watchers, the index queue, the deposit address watchers and the webhook outbox,
 * closes the status stream and the HTTP server (with every open connection), then the chains and the
 * state database.
 *
 * @param resources - What the devnet started. {@link DevnetResources}
 * @example
 * const stop = () => stopDevnet(resources)
 */
export async function stopDevnet(resources: DevnetResources): Promise<void> {
  const { stopController } = resources;
  if (stopController.signal.aborted) return;
  stopController.abort();
  resources.snapshots?.stop();
  for (const indexer of resources.indexers) indexer.stop();
  resources.bitcoinChain?.stop();
  resources.bitcoinWatcher?.stop();
  resources.exchangeWatcher?.stop();
  resources.indexQueue?.stop();
  for (const watcher of resources.watchers) watcher.stop();
  resources.outboxStop();
  await resources.stream?.stop();
  await resources.rpcSockets?.stop();
  const { server } = resources;
  if (server) {
    const closing = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closing;
  }
  await Promise.allSettled(resources.chains.map((chain) => chain.close()));
  resources.state?.close();
}

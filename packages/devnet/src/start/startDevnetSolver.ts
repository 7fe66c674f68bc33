import type { DevnetBitcoin } from "../api/types.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import type { Solver } from "../solver/createSolver.js";
import type { DevnetBoot } from "./bootDevnet.js";
import { createDevnetSolver } from "./createDevnetSolver.js";
import type { DevnetStores } from "./createDevnetStores.js";
import type { PrepareEvmChainsReturnType } from "./prepareEvmChains.js";
import { startBitcoinChain } from "./startBitcoinChain.js";
import { startExchangeLedger } from "./startExchangeLedger.js";

/** The solver and the two ledgers beside the EVM chains it pays on. */
export type StartDevnetSolverReturnType = {
  /** The Bitcoin chain as the API and the solver see it. */
  bitcoin: DevnetBitcoin;
  exchangeLedger: ExchangeLedger;
  solver: Solver;
};

/**
 * Starts the Bitcoin chain (stopped with the devnet; `startBitcoinChain`) and the exchange's ledger
 * (`startExchangeLedger`), each restored from the state when there is one, then the solver over
 * every chain (`createDevnetSolver`), priced at the market and on the devnet's clock.
 *
 * @param boot - What the start fixed so far. {@link DevnetBoot}
 * @param parameters - The EVM chains made ready and the stores.
 * @returns The Bitcoin chain, the exchange's ledger and the solver. {@link StartDevnetSolverReturnType}
 * @example
 * const { bitcoin, exchangeLedger, solver } = startDevnetSolver(boot, { evm, stores })
 */
export function startDevnetSolver(
  boot: DevnetBoot,
  { evm, stores }: { evm: PrepareEvmChainsReturnType; stores: DevnetStores },
): StartDevnetSolverReturnType {
  const { settings, state, resources } = boot;
  const { log } = settings;
  const bitcoinStart = startBitcoinChain({
    blockTimeMs: settings.bitcoinBlockTimeMs,
    highValueThreshold: settings.bitcoinHighValueThreshold,
    state,
    store: stores.store,
    log,
  });
  resources.bitcoinChain = bitcoinStart.chain;
  const exchangeLedger = startExchangeLedger({ state, log });
  const solver = createDevnetSolver({
    store: stores.store,
    chains: boot.chains,
    senders: evm.senders,
    contracts: evm.contracts,
    sponsorAccount: boot.sponsorAccount,
    receiptPollMs: evm.receiptPollMs,
    bitcoinChain: bitcoinStart.chain,
    exchangeLedger,
    currencies: stores.currencies,
    prices: boot.prices,
    now: boot.parameters.now,
    orphanRefundDelayMs: settings.orphanRefundDelayMs,
    isBlocked: stores.walletScreening.isBlocked,
    signal: resources.stopController.signal,
    log,
  });
  return { bitcoin: bitcoinStart.bitcoin, exchangeLedger, solver };
}

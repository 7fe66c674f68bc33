import { bitcoin as bitcoinRoute, externalExchange } from "attestkit/chains";
import type { DevnetBitcoin } from "../api/types.js";
import { exchangeSolverAccount } from "../exchange/constants.js";
import type { ExchangeLedger } from "../exchange/createExchangeLedger.js";
import {
  type BitcoinDepositWatcher,
  createBitcoinDepositWatcher,
} from "../solver/createBitcoinDepositWatcher.js";
import {
  createExchangeDepositWatcher,
  type ExchangeDepositWatcher,
} from "../solver/createExchangeDepositWatcher.js";
import type { Solver } from "../solver/createSolver.js";
import type { RequestStore } from "../state/createRequestStore.js";
import type { DevnetResources } from "./stopDevnet.js";

export type StartExternalDepositWatchersParameters = {
  /** The exchange's ledger, whose transfers to the relayer are deposits. */
  exchangeLedger: ExchangeLedger;
  /** The Bitcoin chain and the deposit addresses watched on it. */
  bitcoin: DevnetBitcoin;
  store: RequestStore;
  /** The solver: the one decision and its executor for every payment the watchers see. */
  solver: Solver;
  /** Whether this start restores an earlier run: then the watchers take up the deposits a crash cut short. */
  restored: boolean;
  log: (message: string) => void;
};

export type StartExternalDepositWatchersReturnType = {
  exchangeWatcher: ExchangeDepositWatcher;
  bitcoinWatcher: BitcoinDepositWatcher;
};

/**
 * Starts the watchers of deposits outside the EVM chains, each added to `resources` as it starts: the
 * exchange's (transfers to the relayer account) and Bitcoin's (payments to the solver's wallet and to
 * deposit addresses, carried out once confirmed). On a restart both restore what they were
 * following (the solver tells what was paid before it).
 *
 * @param resources - What the devnet started so far. {@link DevnetResources}
 * @param parameters - {@link StartExternalDepositWatchersParameters}
 * @returns The two watchers. {@link StartExternalDepositWatchersReturnType}
 * @example
 * const { exchangeWatcher, bitcoinWatcher } = startExternalDepositWatchers(resources, { exchangeLedger, bitcoin, store, solver, restored: false, log })
 */
export function startExternalDepositWatchers(
  resources: DevnetResources,
  { exchangeLedger, bitcoin, store, solver, restored, log }: StartExternalDepositWatchersParameters,
): StartExternalDepositWatchersReturnType {
  const exchangeWatcher = createExchangeDepositWatcher({
    ledger: exchangeLedger,
    chainId: externalExchange.chainId,
    relayerAccountIndex: exchangeSolverAccount.accountIndex,
    solver,
  });
  resources.exchangeWatcher = exchangeWatcher;
  const bitcoinWatcher = createBitcoinDepositWatcher({
    chain: bitcoin.chain,
    chainId: bitcoinRoute.chainId,
    solverWallet: bitcoin.solverWallet,
    highValueThreshold: bitcoin.highValueThreshold,
    depositAddresses: bitcoin.depositAddresses,
    store,
    solver,
    log,
  });
  resources.bitcoinWatcher = bitcoinWatcher;
  if (restored) {
    bitcoinWatcher.restore();
    exchangeWatcher.restore();
  }
  return { exchangeWatcher, bitcoinWatcher };
}

import { bitcoin as bitcoinRoute } from "attestkit/chains";
import type { DevnetBitcoin } from "../api/types.js";
import { bitcoinSolverWallet } from "../bitcoin/bitcoinTestWallets.js";
import { type BitcoinChain, createBitcoinChain } from "../bitcoin/createBitcoinChain.js";
import { BitcoinChainReplayError } from "../bitcoin/errors.js";
import { devnetBitcoinSolverFunding } from "../constants.js";
import type { RequestStore } from "../state/createRequestStore.js";
import { CorruptStateError } from "../state/errors.js";
import { openBitcoinChainStore } from "../state/openBitcoinChainStore.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

export type StartBitcoinChainParameters = {
  /** Milliseconds between blocks; 0 mines on demand only. */
  blockTimeMs: number;
  /** Satoshis above which a deposit waits for 2 confirmations. */
  highValueThreshold: bigint;
  /** The state database holding the chain's journal; none keeps it in memory. */
  state: StateDatabase | undefined;
  /** The requests, whose Bitcoin deposit addresses are watched again. */
  store: RequestStore;
  log: (message: string) => void;
};

export type StartBitcoinChainReturnType = {
  chain: BitcoinChain;
  /** What the API knows of Bitcoin: the chain, the solver's wallet, the deposit addresses watched. */
  bitcoin: DevnetBitcoin;
};

/**
 * Starts the devnet's Bitcoin chain with the solver's wallet funded. With a state directory it is
 * rebuilt from its journal (the same blocks, hashes and timestamps, mempool and balances; its block
 * timer starts again after the replay); a journal that does not replay is a `CorruptStateError`
 * naming it. The deposit addresses of restored quotes from Bitcoin are watched again.
 *
 * @param parameters - {@link StartBitcoinChainParameters}
 * @returns The chain and the API's view of it. {@link StartBitcoinChainReturnType}
 * @example
 * const { chain, bitcoin } = startBitcoinChain({ blockTimeMs: 1000, highValueThreshold: 100_000_000n, state, store, log })
 */
export function startBitcoinChain({
  blockTimeMs,
  highValueThreshold,
  state,
  store,
  log,
}: StartBitcoinChainParameters): StartBitcoinChainReturnType {
  const journal = state ? openBitcoinChainStore({ database: state }) : undefined;
  let chain: BitcoinChain;
  try {
    chain = createBitcoinChain({
      blockTimeMs,
      funding: [{ address: bitcoinSolverWallet.p2wpkhAddress, amount: devnetBitcoinSolverFunding }],
      journal,
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
  if (journal && journal.entries.length > 0)
    log(
      `state: Bitcoin chain restored at height ${chain.height()} (${chain.tip().hash}), ${chain.mempool().length} transactions in the mempool`,
    );
  const bitcoin: DevnetBitcoin = {
    chain,
    solverWallet: bitcoinSolverWallet,
    highValueThreshold,
    blockTimeMs,
    // Deposit addresses of restored quotes from Bitcoin are watched again.
    depositAddresses: new Map(
      store.all().flatMap((request) =>
        // A regenerated request (`supersedeRequest`) shares its address: the quote's request owns it.
        request.originChainId === bitcoinRoute.chainId && request.depositAddress && request.orderId
          ? [[request.depositAddress.address as string, request.requestId] as const]
          : [],
      ),
    ),
  };
  return { chain, bitcoin };
}

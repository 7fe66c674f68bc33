import { createDevnetChains, type DevnetChain } from "../chains/createDevnetChains.js";
import { journalChain } from "../chains/journalChain.js";
import { withChainArchive } from "../chains/withChainArchive.js";
import { withStoredReceipts } from "../chains/withStoredReceipts.js";
import type { StateDatabase } from "../state/openStateDatabase.js";

export type StartEvmChainsParameters = {
  /** The origin and destination chain ids. */
  chainIds: [number, number];
  /** Genesis time of both chains, in ms. */
  genesisMs: number;
  /** The state database whose journal records every state-changing call; none keeps nothing. */
  state: StateDatabase | undefined;
  /** Stops the journaling when the devnet stops. */
  signal: AbortSignal;
  /** Hears every journaled call, after it is stored (the chain snapshots count them). */
  onJournaled?: ((chainId: number) => void) | undefined;
};

export type StartEvmChainsReturnType = {
  /** The chains as started, unjournaled (for replaying the journal and reads that change nothing). */
  rawChains: DevnetChain[];
  /** The chains everything else uses: with a state directory, each call is journaled before its answer goes out. */
  chains: DevnetChain[];
};

/**
 * Starts the devnet's two in-process EVM chains from the same genesis time and, with a state
 * directory, wraps their JSON-RPC in `journalChain` (each journaled call told to `onJournaled`),
 * `withStoredReceipts` and `withChainArchive` (the chain's history served from the block archive,
 * the same across restarts). When a chain cannot start the state database is
 * closed and the error thrown.
 *
 * @param parameters - {@link StartEvmChainsParameters}
 * @returns The chains. {@link StartEvmChainsReturnType}
 * @example
 * const { rawChains, chains } = await startEvmChains({ chainIds: [31337, 31338], genesisMs, state, signal })
 */
export async function startEvmChains({
  chainIds,
  genesisMs,
  state,
  signal,
  onJournaled = () => {},
}: StartEvmChainsParameters): Promise<StartEvmChainsReturnType> {
  let rawChains: DevnetChain[];
  try {
    rawChains = await createDevnetChains({ chainIds, initialDate: new Date(genesisMs) });
  } catch (error) {
    state?.close();
    throw error;
  }
  // With a state directory, every state-changing call is journaled before its answer goes out, and
  // the receipts of transactions a snapshot covers are answered from the database.
  const chains: DevnetChain[] = rawChains.map((chain) =>
    state
      ? {
          ...chain,
          request: withChainArchive({
            chainId: chain.chainId,
            raw: chain.request,
            archive: state,
            request: withStoredReceipts({
              request: journalChain({
                chainId: chain.chainId,
                request: chain.request,
                append: (call) => {
                  const seq = state.appendChainCall(call);
                  onJournaled(call.chainId);
                  return seq;
                },
                setBlock: state.setChainCallBlock,
                signal,
              }),
              find: (hash) => state.findChainReceipt(chain.chainId, hash),
            }),
          }).request,
        }
      : chain,
  );
  return { rawChains, chains };
}

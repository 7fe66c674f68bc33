import { alignChainWithArchive } from "../chains/alignChainWithArchive.js";
import { archiveForReplay } from "../chains/archiveForReplay.js";
import type { DevnetChain } from "../chains/createDevnetChains.js";
import type { TransactionSender } from "../chains/createTransactionSender.js";
import { type DevnetContracts, deployDevnetContracts } from "../chains/deployDevnetContracts.js";
import { replayChainJournal } from "../chains/journalChain.js";
import { devnetChainSlugs } from "../constants.js";
import type { StateDatabase } from "../state/openStateDatabase.js";
import type { StoredChains } from "./openDevnetState.js";

export type RestoreOrDeployContractsParameters = {
  state: StateDatabase | undefined;
  /** What an earlier run stored; undefined on a first run. */
  stored: StoredChains | undefined;
  /** The chains as started (the journal is replayed into them, unjournaled). */
  rawChains: readonly DevnetChain[];
  /** The chains the contracts are deployed on (journaled with a state directory). */
  chains: readonly DevnetChain[];
  /** The solver's sender per chain, in the order of `chains`; it deploys. */
  senders: readonly TransactionSender[];
  /** The fee sponsor's address, allowed by the depositories. */
  sponsor: `0x${string}`;
  /** The origin and destination chain ids and their genesis time, stored with the contracts. */
  chainIds: [number, number];
  genesisMs: number;
  log: (message: string) => void;
};

/**
 * The devnet's contracts, per chain (origin first). A restart with a state directory applies each
 * chain's latest snapshot and replays its journal since into it (the chains start from the same
 * genesis, so they rebuild everything done since), the transactions the block archive does not hold
 * after its head, brings the chain up to the archive's height (`alignChainWithArchive`: the archive
 * serves the blocks before, the chain mines the ones after) and answers the stored contracts. A first start clears any partial journal left by a
 * start that died before its contracts were deployed, deploys the contracts (the solver's receiver on
 * the origin only; an `OrderVerifier` and the receiver owned by test account 0 on every chain) and
 * stores the chain ids, genesis time and contracts, so a restart restores the same addresses.
 *
 * @param parameters - {@link RestoreOrDeployContractsParameters}
 * @returns The contracts of each chain.
 * @example
 * const contracts = await restoreOrDeployContracts({ state, stored, rawChains, chains, senders, sponsor, chainIds, genesisMs, log })
 */
export async function restoreOrDeployContracts({
  state,
  stored,
  rawChains,
  chains,
  senders,
  sponsor,
  chainIds,
  genesisMs,
  log,
}: RestoreOrDeployContractsParameters): Promise<DevnetContracts[]> {
  if (state && stored) {
    // The chains start from the same genesis; their snapshot and journal rebuild everything since.
    for (const chain of rawChains) {
      const snapshot = state.loadChainSnapshot(chain.chainId);
      const archive = archiveForReplay(state, chain.chainId);
      const replayed = await replayChainJournal({
        request: chain.request,
        calls: state.loadChainCalls(chain.chainId),
        snapshot,
        archive,
        log,
      });
      // The chain's next block comes after the archived ones (a rebuilt chain may be shorter).
      const mined = archive ? await alignChainWithArchive({ request: chain.request, head: archive.head }) : 0;
      log(
        `state: chain ${chain.chainId}: ${snapshot ? `snapshot of block ${snapshot.block.number} applied, ` : ""}${replayed} calls replayed${archive ? `, history archived through block ${archive.head.number}${mined ? ` (${mined} empty blocks mined up to it)` : ""}` : ""}`,
      );
    }
    return stored.contracts;
  }
  // A first start that died before its contracts were deployed left a partial journal.
  state?.clearChainCalls();
  const contracts = await Promise.all(
    chains.map((chain, index) =>
      deployDevnetContracts({
        chain,
        solver: senders[index] as TransactionSender,
        withReceiver: index === 0,
        chainSlug: devnetChainSlugs[index === 0 ? "origin" : "destination"],
        sponsor,
      }),
    ),
  );
  state?.setMeta("chains", {
    chainIds,
    genesisMs,
    contracts,
  } satisfies StoredChains);
  return contracts;
}

import type { ArchiveMethods } from "../state/prepareArchiveMethods.js";
import type { ReplayChainJournalParameters } from "./journalChain.js";

/**
 * What a journal replay needs of a chain's block archive (`replayChainJournal`'s `archive`): the
 * archive's newest block (number, timestamp) and, by transaction hash, the block it is archived in
 * (number, timestamp, base fee). Undefined when nothing is archived (a state directory written
 * before the archive existed).
 *
 * @param archive - The state database's archive methods.
 * @param chainId - The chain.
 * @returns The replay's `archive`, or undefined.
 * @example
 * await replayChainJournal({ request, calls, snapshot, archive: archiveForReplay(state, chainId) })
 */
export function archiveForReplay(
  archive: Pick<ArchiveMethods, "archivedChainHead" | "findArchivedBlock" | "findArchivedTransaction">,
  chainId: number,
): ReplayChainJournalParameters["archive"] {
  const number = archive.archivedChainHead(chainId);
  const head = number === undefined ? undefined : archive.findArchivedBlock(chainId, { number });
  if (number === undefined || head === undefined) return undefined;
  const journaled = (block: Record<string, unknown>) => ({
    number: Number(block.number),
    timestamp: Number(block.timestamp),
    baseFeePerGas: typeof block.baseFeePerGas === "string" ? (block.baseFeePerGas as `0x${string}`) : null,
  });
  return {
    head: { number, timestamp: Number(head.timestamp) },
    blockOf(hash) {
      const found = archive.findArchivedTransaction(chainId, hash);
      const block =
        found === undefined
          ? undefined
          : archive.findArchivedBlock(chainId, { number: Number(found.receipt.blockNumber) });
      return block === undefined ? undefined : journaled(block);
    },
  };
}

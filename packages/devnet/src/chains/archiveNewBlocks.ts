import { numberToHex } from "viem";
import type { ArchivedBlock } from "../state/openStateDatabase.js";
import type { ArchiveMethods } from "../state/prepareArchiveMethods.js";
import type { ChainRequest } from "./createDevnetChains.js";

export type ArchiveNewBlocksParameters = {
  chainId: number;
  /** The chain's own request function (reads only). */
  request: ChainRequest;
  archive: Pick<
    ArchiveMethods,
    "archivedChainHead" | "archiveChainBlock" | "findArchivedBlock" | "findArchivedTransaction"
  >;
  /** The last block to archive (the chain's head when the caller read it). */
  through: number;
  log?: ((message: string) => void) | undefined;
};

/**
 * Archives the blocks of a chain past its archive's head, in order, through `through`: each block
 * with its transactions as objects and their receipts, read from the chain and written in one
 * database transaction (`archiveChainBlock`). The archive serves the block as it is written, with
 * two differences from the chain's own answer, both only after a restart rebuilt the chain: a block
 * whose parent (as the chain holds it) is not the archived block before it names the archived one
 * as `parentHash` (its `hash` stays the chain's), and a transaction the archive already holds in an
 * earlier block is left out (logged): a transaction is in one block only.
 *
 * @param parameters - {@link ArchiveNewBlocksParameters}
 * @returns How many blocks were archived.
 * @throws {Error} When the chain has no receipt for a transaction of a mined block (nothing of that block is written).
 * @example
 * await archiveNewBlocks({ chainId, request: raw.request, archive: state, through: 12 })
 */
export async function archiveNewBlocks({
  chainId,
  request,
  archive,
  through,
  log = () => {},
}: ArchiveNewBlocksParameters): Promise<number> {
  let archived = 0;
  for (let number = (archive.archivedChainHead(chainId) ?? -1) + 1; number <= through; number++) {
    const block = (await request({
      method: "eth_getBlockByNumber",
      params: [numberToHex(number), true],
    })) as ArchivedBlock["block"] | null;
    if (!block) break;
    const parent = number > 0 ? archive.findArchivedBlock(chainId, { number: number - 1 }) : undefined;
    if (parent && String(parent.hash).toLowerCase() !== String(block.parentHash).toLowerCase())
      block.parentHash = parent.hash;
    const transactions = block.transactions.filter((transaction) => {
      const known = archive.findArchivedTransaction(chainId, String(transaction.hash));
      if (known)
        log(
          `state: chain ${chainId} block ${number}: ${transaction.hash} is archived in an earlier block, left out`,
        );
      return !known;
    });
    const receipts = (await Promise.all(
      transactions.map((transaction) =>
        request({ method: "eth_getTransactionReceipt", params: [transaction.hash] }),
      ),
    )) as (ArchivedBlock["receipts"][number] | null)[];
    const missing = transactions.find((_, index) => !receipts[index]);
    if (missing) throw new Error(`chain ${chainId} block ${number}: no receipt for ${missing.hash}`);
    archive.archiveChainBlock(chainId, {
      number,
      hash: String(block.hash),
      block: { ...block, transactions },
      receipts: receipts as ArchivedBlock["receipts"],
    });
    archived++;
  }
  return archived;
}

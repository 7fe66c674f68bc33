import { numberToHex } from "viem";
import type { ArchivedBlock } from "../state/openStateDatabase.js";
import type { ArchiveMethods } from "../state/prepareArchiveMethods.js";
import { readArchivedLogs } from "./readArchivedLogs.js";
import { resolveBlockTag } from "./resolveBlockTag.js";

/** The JSON-RPC methods of a chain's history: answered from its block archive (`answerFromArchive`). */
export const archivedMethods: ReadonlySet<string> = new Set([
  "eth_blockNumber",
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getBlockTransactionCountByNumber",
  "eth_getBlockTransactionCountByHash",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getLogs",
]);

export type AnswerFromArchiveParameters = {
  chainId: number;
  archive: Pick<ArchiveMethods, "findArchivedBlock" | "findArchivedTransaction" | "loadArchivedLogs">;
  /** The newest archived block (every block up to it is archived). */
  head: number;
  method: string;
  params: readonly unknown[];
};

/** Whether the block parameter asks for the pending block: only the chain has it. */
const isPending = (tag: unknown) => tag === "pending";

/** A block as served: its transactions as objects when `full`, else their hashes. */
const served = (block: ArchivedBlock["block"] | undefined, full: unknown) =>
  block === undefined
    ? null
    : full === true
      ? block
      : { ...block, transactions: block.transactions.map((transaction) => transaction.hash) };

/**
 * Answers a history method ({@link archivedMethods}) from a chain's block archive, every block up
 * to `head` being archived: blocks by number or hash (null past the head or for an unknown hash),
 * their transaction counts and transactions by index, transactions and receipts by hash, logs
 * (`readArchivedLogs`), and the head itself for `eth_blockNumber`. Undefined when the chain must
 * answer: the pending block, or a transaction the archive does not hold (pending, or in a block
 * mined since). Reads the database only.
 *
 * @param parameters - {@link AnswerFromArchiveParameters}
 * @returns `{ result }`, or undefined for the chain to answer.
 * @throws {ChainRpcError} From `eth_getLogs` or a bad block tag (-32602).
 * @example
 * const answer = answerFromArchive({ chainId, archive: state, head, method: "eth_getBlockByNumber", params: ["0x1", false] })
 */
export function answerFromArchive({
  chainId,
  archive,
  head,
  method,
  params,
}: AnswerFromArchiveParameters): { result: unknown } | undefined {
  const byNumber = (tag: unknown) => {
    const number = resolveBlockTag(tag, head);
    return number > head ? undefined : archive.findArchivedBlock(chainId, { number });
  };
  const byHash = (hash: unknown) =>
    typeof hash === "string" ? archive.findArchivedBlock(chainId, { hash }) : undefined;
  const atIndex = (block: ArchivedBlock["block"] | undefined, index: unknown) =>
    block?.transactions[Number(index)] ?? null;
  const [first, second] = params;
  switch (method) {
    case "eth_blockNumber":
      return { result: numberToHex(head) };
    case "eth_getBlockByNumber":
      return isPending(first) ? undefined : { result: served(byNumber(first), second) };
    case "eth_getBlockByHash":
      return { result: served(byHash(first), second) };
    case "eth_getBlockTransactionCountByNumber": {
      if (isPending(first)) return undefined;
      const block = byNumber(first);
      return { result: block ? numberToHex(block.transactions.length) : null };
    }
    case "eth_getBlockTransactionCountByHash": {
      const block = byHash(first);
      return { result: block ? numberToHex(block.transactions.length) : null };
    }
    case "eth_getTransactionByBlockNumberAndIndex":
      return isPending(first) ? undefined : { result: atIndex(byNumber(first), second) };
    case "eth_getTransactionByBlockHashAndIndex":
      return { result: atIndex(byHash(first), second) };
    case "eth_getTransactionByHash":
    case "eth_getTransactionReceipt": {
      const found = typeof first === "string" ? archive.findArchivedTransaction(chainId, first) : undefined;
      if (!found) return undefined;
      return { result: method === "eth_getTransactionReceipt" ? found.receipt : found.transaction };
    }
    case "eth_getLogs":
      return { result: readArchivedLogs({ chainId, archive, head, filter: first }) };
    default:
      return undefined;
  }
}

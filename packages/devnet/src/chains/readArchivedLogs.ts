import type { ArchiveMethods } from "../state/prepareArchiveMethods.js";
import { chainRpcError } from "./chainRpcError.js";
import { type LogFilterCriteria, matchesLogFilter } from "./matchesLogFilter.js";
import { resolveBlockTag } from "./resolveBlockTag.js";

/** An `eth_getLogs` filter as JSON-RPC gives it. */
export type LogFilter = LogFilterCriteria & { fromBlock?: unknown; toBlock?: unknown; blockHash?: unknown };

export type ReadArchivedLogsParameters = {
  chainId: number;
  archive: Pick<ArchiveMethods, "findArchivedBlock" | "loadArchivedLogs">;
  /** The newest archived block: `latest`, and the end of any range past it. */
  head: number;
  /** The filter (`eth_getLogs`'s first parameter). */
  filter: unknown;
};

/**
 * Answers `eth_getLogs` from a chain's block archive, as the chain engine does: one block by
 * `blockHash` (-32602 when it is unknown, or given with `fromBlock`/`toBlock`), or the range
 * `fromBlock`..`toBlock` (tags as `resolveBlockTag` reads them, both `latest` when left out; the end
 * past the newest block is the newest block; an empty range answers no log), then the logs of the
 * filter's addresses and topics (`matchesLogFilter`), in chain order.
 *
 * @param parameters - {@link ReadArchivedLogsParameters}
 * @returns The logs, as the chain served them in their receipts.
 * @throws {ChainRpcError} -32602 for a filter that is not an object, a bad tag, or a bad `blockHash` use.
 * @example
 * const logs = readArchivedLogs({ chainId, archive: state, head, filter: { fromBlock: "0x0", topics: [fill] } })
 */
export function readArchivedLogs({ chainId, archive, head, filter }: ReadArchivedLogsParameters): unknown[] {
  if (filter === undefined || filter === null || typeof filter !== "object")
    throw chainRpcError(-32602, "eth_getLogs takes a filter object");
  const { fromBlock, toBlock, blockHash, address, topics } = filter as LogFilter;
  let range: { from: number; to: number };
  if (blockHash !== undefined && blockHash !== null) {
    if (fromBlock != null || toBlock != null)
      throw chainRpcError(-32602, "blockHash is mutually exclusive with fromBlock/toBlock");
    const block =
      typeof blockHash === "string" ? archive.findArchivedBlock(chainId, { hash: blockHash }) : undefined;
    if (!block) throw chainRpcError(-32602, "blockHash cannot be found");
    const number = Number(block.number);
    range = { from: number, to: number };
  } else
    range = {
      from: resolveBlockTag(fromBlock, head),
      to: Math.min(resolveBlockTag(toBlock, head), head),
    };
  if (range.from > range.to) return [];
  const addresses = address == null ? undefined : typeof address === "string" ? [address] : [...address];
  return archive
    .loadArchivedLogs(chainId, { fromBlock: range.from, toBlock: range.to, addresses })
    .filter((log) => matchesLogFilter(log, { address, topics }));
}

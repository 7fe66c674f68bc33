import { type Hex, hexToNumber, numberToHex } from "viem";
import type { ChainRequest } from "../chains/createDevnetChains.js";

export type CheckChainHistoryParameters = {
  /** The chain's JSON-RPC, as clients see it (the devnet's `/rpc/<chainId>`, or a chain's request function). */
  request: ChainRequest;
  /** The first block to check. Default 0. */
  fromBlock?: number | undefined;
  /** The last block to check. Default the chain's head when the check starts. */
  toBlock?: number | undefined;
  /** Blocks read at once. Default 8. */
  concurrency?: number | undefined;
};

export type CheckChainHistoryReturnType = {
  /** The range checked (empty when `fromBlock > toBlock`). */
  fromBlock: number;
  toBlock: number;
  /** How many blocks, transactions and logs were checked. */
  blocks: number;
  transactions: number;
  logs: number;
  /** The hash of each block checked, from `fromBlock` on: a later check can tell none changed. */
  hashes: string[];
  /** Each way the history disagrees with itself, in words; none when it is one history. */
  violations: string[];
};

/** What `checkChainHistory` throws: the error of a read of the chain (a refused connection, a JSON-RPC error). */
export type CheckChainHistoryErrorType = Error;

type Block = { number: Hex; hash: Hex; parentHash: Hex; transactions: Hex[] };
type Log = { blockHash: Hex; blockNumber: Hex; transactionHash: Hex; logIndex: Hex };
type Receipt = { blockHash: Hex; blockNumber: Hex; transactionIndex: Hex; logs: Log[] };

/** A log's place in the chain, to compare logs by. */
const logKey = (log: Log) =>
  `${hexToNumber(log.blockNumber)}:${hexToNumber(log.logIndex)}:${log.transactionHash}`;

/**
 * Checks that a chain's blocks, transactions, receipts and logs are one history over a range of
 * blocks: each block is the same by number and by hash and names the block before as its parent;
 * each of its transactions, by hash, and its receipt name that block (and the receipt its index);
 * and `eth_getLogs` over the range answers exactly the logs of those receipts. About two calls per
 * block and two per transaction, and one `eth_getLogs`: to check a running devnet cheaply, check
 * the blocks since the last check.
 *
 * @param parameters - {@link CheckChainHistoryParameters}
 * @returns The counts, the hashes and the violations. {@link CheckChainHistoryReturnType}
 * @throws {CheckChainHistoryErrorType} What the chain's reads throw.
 * @example
 * const { violations } = await checkChainHistory({ request: chain.request, fromBlock: 120 })
 */
export async function checkChainHistory({
  request,
  fromBlock = 0,
  toBlock,
  concurrency = 8,
}: CheckChainHistoryParameters): Promise<CheckChainHistoryReturnType> {
  const to = toBlock ?? hexToNumber((await request({ method: "eth_blockNumber" })) as Hex);
  const violations: string[] = [];
  // Asked at once, beside the blocks: the range is fixed.
  const served = (
    fromBlock <= to
      ? request({
          method: "eth_getLogs",
          params: [{ fromBlock: numberToHex(fromBlock), toBlock: numberToHex(to) }],
        })
      : Promise.resolve([])
  ) as Promise<Log[]>;
  // Its failure is thrown where it is awaited, not reported unhandled while the blocks are read.
  served.catch(() => {});
  const blocks = new Map<number, Block | null>();
  const expected = new Set<string>();
  const read = async (number: number) => {
    const block = (await request({
      method: "eth_getBlockByNumber",
      params: [numberToHex(number), false],
    })) as Block | null;
    blocks.set(number, block);
    if (!block || number < fromBlock) return;
    const checked = await checkBlock(request, number, block);
    violations.push(...checked.violations);
    for (const key of checked.logKeys) expected.add(key);
  };
  const numbers = Array.from({ length: Math.max(0, to - fromBlock + 1) }, (_, offset) => fromBlock + offset);
  if (fromBlock > 0 && numbers.length > 0) numbers.unshift(fromBlock - 1);
  for (let start = 0; start < numbers.length; start += concurrency)
    await Promise.all(numbers.slice(start, start + concurrency).map(read));
  let transactions = 0;
  for (let number = fromBlock; number <= to; number++) {
    const block = blocks.get(number);
    if (!block) {
      violations.push(`block ${number}: none`);
      continue;
    }
    const parent = blocks.get(number - 1);
    if (number > 0 && parent?.hash !== block.parentHash)
      violations.push(
        `block ${number}: parentHash ${block.parentHash}, block ${number - 1} is ${parent?.hash ?? "none"}`,
      );
    transactions += block.transactions.length;
  }
  const logs = checkLogs(await served, expected, violations);
  const hashes = numbers
    .filter((number) => number >= fromBlock)
    .map((number) => blocks.get(number)?.hash ?? "");
  return { fromBlock, toBlock: to, blocks: hashes.length, transactions, logs, hashes, violations };
}

/** Checks one block: the same by hash, and each transaction's object and receipt naming it; answers its receipts' log keys too. */
async function checkBlock(
  request: ChainRequest,
  number: number,
  block: Block,
): Promise<{ violations: string[]; logKeys: string[] }> {
  const violations: string[] = [];
  if (hexToNumber(block.number) !== number) violations.push(`block ${number}: served as ${block.number}`);
  const byHash = (await request({
    method: "eth_getBlockByHash",
    params: [block.hash, false],
  })) as Block | null;
  if (byHash?.hash !== block.hash || byHash.number !== block.number || byHash.parentHash !== block.parentHash)
    violations.push(
      `block ${number} (${block.hash}): by its hash ${byHash ? `block ${byHash.number} ${byHash.hash}` : "none"}`,
    );
  const logKeys: string[] = [];
  await Promise.all(
    block.transactions.map(async (hash, index) => {
      const where = `block ${number} transaction ${hash}`;
      const [transaction, receipt] = (await Promise.all([
        request({ method: "eth_getTransactionByHash", params: [hash] }),
        request({ method: "eth_getTransactionReceipt", params: [hash] }),
      ])) as [{ blockHash: Hex | null } | null, Receipt | null];
      if (transaction?.blockHash !== block.hash)
        violations.push(`${where}: by its hash in block ${transaction?.blockHash ?? "none"}`);
      if (!receipt) return void violations.push(`${where}: no receipt`);
      if (
        receipt.blockHash !== block.hash ||
        receipt.blockNumber !== block.number ||
        hexToNumber(receipt.transactionIndex) !== index
      )
        violations.push(
          `${where}: its receipt names block ${receipt.blockNumber} ${receipt.blockHash}, index ${receipt.transactionIndex}`,
        );
      for (const log of receipt.logs) {
        if (log.blockHash !== block.hash) violations.push(`${where}: a log names block ${log.blockHash}`);
        logKeys.push(logKey(log));
      }
    }),
  );
  return { violations, logKeys };
}

/** Checks that `eth_getLogs` over the range answered exactly the `expected` logs, once each; answers how many it did. */
function checkLogs(served: readonly Log[], expected: ReadonlySet<string>, violations: string[]): number {
  const seen = new Set(served.map(logKey));
  for (const key of seen)
    if (!expected.has(key)) violations.push(`eth_getLogs answers log ${key}, which no receipt holds`);
  for (const key of expected)
    if (!seen.has(key)) violations.push(`eth_getLogs misses log ${key} of a receipt`);
  if (seen.size !== served.length)
    violations.push(`eth_getLogs answers ${served.length - seen.size} logs twice`);
  return served.length;
}

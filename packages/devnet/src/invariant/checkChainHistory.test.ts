import { type Hex, numberToHex } from "viem";
import { expect, test } from "vitest";
import type { ChainRequest } from "../chains/createDevnetChains.js";
import { checkChainHistory } from "./checkChainHistory.js";

const hash = (kind: string, number: number) => `0x${kind}${number.toString(16).padStart(63, "0")}` as Hex;

/** A chain of `height + 1` blocks, one transaction with one log in each but the first; `breakIt` corrupts one answer. */
function fakeChain(
  height: number,
  breakIt: (method: string, params: readonly unknown[], result: unknown) => unknown = (_m, _p, r) => r,
) {
  const blocks = Array.from({ length: height + 1 }, (_, number) => ({
    number: numberToHex(number),
    hash: hash("b", number),
    parentHash: number === 0 ? hash("0", 0) : hash("b", number - 1),
    transactions: number === 0 ? [] : [hash("t", number)],
  }));
  const receiptOf = (number: number) => ({
    blockHash: hash("b", number),
    blockNumber: numberToHex(number),
    transactionIndex: "0x0",
    logs: [
      {
        blockHash: hash("b", number),
        blockNumber: numberToHex(number),
        transactionHash: hash("t", number),
        logIndex: "0x0",
      },
    ],
  });
  const answer = (method: string, params: readonly unknown[]): unknown => {
    const [first] = params as [unknown];
    switch (method) {
      case "eth_blockNumber":
        return numberToHex(height);
      case "eth_getBlockByNumber":
        return blocks[Number(first)] ?? null;
      case "eth_getBlockByHash":
        return blocks.find((block) => block.hash === first) ?? null;
      case "eth_getTransactionByHash":
        return { hash: first, blockHash: hash("b", Number.parseInt(String(first).slice(3), 16)) };
      case "eth_getTransactionReceipt":
        return receiptOf(Number.parseInt(String(first).slice(3), 16));
      case "eth_getLogs": {
        const { fromBlock, toBlock } = first as { fromBlock: Hex; toBlock: Hex };
        return blocks.slice(Number(fromBlock), Number(toBlock) + 1).flatMap((_, index) => {
          const number = Number(fromBlock) + index;
          return number === 0 ? [] : receiptOf(number).logs;
        });
      }
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  const request: ChainRequest = async ({ method, params = [] }) =>
    breakIt(method, params, answer(method, params));
  return request;
}

test("default", async () => {
  expect(await checkChainHistory({ request: fakeChain(5) })).toEqual({
    fromBlock: 0,
    toBlock: 5,
    blocks: 6,
    transactions: 5,
    logs: 5,
    hashes: [0, 1, 2, 3, 4, 5].map((number) => hash("b", number)),
    violations: [],
  });
});

test("a range checks its first block's parent too, and eth_getLogs over the range only", async () => {
  const result = await checkChainHistory({ request: fakeChain(9), fromBlock: 4, toBlock: 6 });
  expect(result).toMatchObject({ blocks: 3, transactions: 3, logs: 3, violations: [] });
  expect(result.hashes).toEqual([hash("b", 4), hash("b", 5), hash("b", 6)]);
});

test("eth_getLogs missing a receipt's log, or answering one no receipt holds", async () => {
  const missing = fakeChain(3, (method, _params, result) =>
    method === "eth_getLogs" ? (result as unknown[]).slice(1) : result,
  );
  expect((await checkChainHistory({ request: missing })).violations).toEqual([
    `eth_getLogs misses log 1:0:${hash("t", 1)} of a receipt`,
  ]);
  const extra = fakeChain(3, (method, _params, result) =>
    method === "eth_getLogs"
      ? [...(result as unknown[]), { blockNumber: "0x2", logIndex: "0x5", transactionHash: hash("t", 9) }]
      : result,
  );
  expect((await checkChainHistory({ request: extra })).violations).toEqual([
    `eth_getLogs answers log 2:5:${hash("t", 9)}, which no receipt holds`,
  ]);
});

test("a block whose parent hash is not the block before, or that its hash does not find", async () => {
  const orphan = fakeChain(3, (method, params, result) =>
    method === "eth_getBlockByNumber" && params[0] === "0x2"
      ? { ...(result as object), parentHash: hash("c", 1) }
      : result,
  );
  expect((await checkChainHistory({ request: orphan })).violations).toEqual([
    `block 2 (${hash("b", 2)}): by its hash block 0x2 ${hash("b", 2)}`,
    `block 2: parentHash ${hash("c", 1)}, block 1 is ${hash("b", 1)}`,
  ]);
  const unknown = fakeChain(2, (method, _params, result) =>
    method === "eth_getBlockByHash" ? null : result,
  );
  expect((await checkChainHistory({ request: unknown })).violations).toHaveLength(3);
});

test("a receipt, or a transaction by its hash, naming another block", async () => {
  const moved = fakeChain(2, (method, params, result) =>
    method === "eth_getTransactionReceipt" && params[0] === hash("t", 2)
      ? { ...(result as object), blockHash: hash("c", 2) }
      : method === "eth_getTransactionByHash" && params[0] === hash("t", 1)
        ? { blockHash: null }
        : result,
  );
  expect((await checkChainHistory({ request: moved })).violations).toEqual([
    `block 1 transaction ${hash("t", 1)}: by its hash in block none`,
    `block 2 transaction ${hash("t", 2)}: its receipt names block 0x2 ${hash("c", 2)}, index 0x0`,
  ]);
});

import { keccak256 } from "viem";
import { afterEach, expect, test, vi } from "vitest";
import type { JournaledBlock, JournaledChainCall } from "../state/openStateDatabase.js";
import { journalChain, replayChainJournal } from "./journalChain.js";

afterEach(() => {
  vi.useRealTimers();
});

const block = (number: number, timestamp: number, baseFeePerGas: string | null = "0x7"): JournaledBlock => ({
  number,
  timestamp,
  baseFeePerGas,
});

/** A fake chain: records every call, fails the methods in `failing`; `minedAt` says when a hash gets its receipt. */
function fakeChain({ failing = [] as string[], pendingReads = 0, dropped = false } = {}) {
  const calls: { method: string; params: readonly unknown[] | undefined }[] = [];
  let receiptReads = 0;
  const request = async ({ method, params }: { method: string; params?: readonly unknown[] | undefined }) => {
    calls.push({ method, params });
    if (failing.includes(method)) throw new Error(`${method} refused`);
    if (method === "eth_getTransactionReceipt")
      return receiptReads++ < pendingReads ? null : { blockNumber: "0x5" };
    if (method === "eth_getBlockByNumber")
      return {
        number: params?.[0] === "latest" ? "0x9" : params?.[0],
        timestamp: "0x64",
        baseFeePerGas: "0x7",
      };
    if (method === "eth_sendRawTransaction") return "0xhash";
    if (method === "eth_getTransactionByHash") return dropped ? null : { hash: "0xhash" };
    return "0x1";
  };
  return { calls, request };
}

test("default: only accepted state-changing calls are journaled, with their block", async () => {
  const chain = fakeChain({ failing: ["eth_sendTransaction"] });
  const journal: JournaledChainCall[] = [];
  const request = journalChain({
    chainId: 7,
    request: chain.request,
    append: (call) => journal.push(call),
    setBlock: () => {},
  });
  await request({ method: "eth_blockNumber" });
  await request({ method: "eth_call", params: [{}] });
  await request({ method: "eth_sendRawTransaction", params: ["0xab"] });
  await request({ method: "hardhat_setBalance", params: ["0x1", "0x2"] });
  await expect(request({ method: "eth_sendTransaction", params: [{}] })).rejects.toThrow("refused");
  expect(journal).toEqual([
    { chainId: 7, method: "eth_sendRawTransaction", params: ["0xab"], block: block(5, 100) },
    { chainId: 7, method: "hardhat_setBalance", params: ["0x1", "0x2"], block: block(9, 100) },
  ]);
});

test("a pending transaction is journaled at once and its block filled in once it is mined", async () => {
  const chain = fakeChain({ pendingReads: 3 });
  const journal: JournaledChainCall[] = [];
  const blocks: [number, JournaledBlock][] = [];
  const controller = new AbortController();
  let filledIn!: () => void;
  const filled = new Promise<void>((resolve) => {
    filledIn = resolve;
  });
  const request = journalChain({
    chainId: 7,
    request: chain.request,
    append: (call) => journal.push(call),
    setBlock: (seq, mined) => {
      blocks.push([seq, mined]);
      filledIn();
    },
    signal: controller.signal,
    pollMs: 1,
  });
  await request({ method: "eth_sendRawTransaction", params: ["0xab"] });
  expect(journal).toEqual([{ chainId: 7, method: "eth_sendRawTransaction", params: ["0xab"], block: null }]);
  await filled;
  expect(blocks).toEqual([[1, block(5, 100)]]);
  controller.abort();
});

test("replay: the transactions of one block are mined together with its timestamp and base fee", async () => {
  const chain = fakeChain({ failing: ["hardhat_setCode"] });
  const logs: string[] = [];
  const replayed = await replayChainJournal({
    request: chain.request,
    log: (message) => logs.push(message),
    calls: [
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x01"], block: block(3, 200) },
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x02"], block: block(3, 200) },
      { chainId: 7, method: "evm_setIntervalMining", params: [100], block: block(3, 200) },
      { chainId: 7, method: "hardhat_setCode", params: ["0x1", "0x"], block: block(3, 200) },
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x03"], block: block(4, 150, null) },
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x04"], block: null },
    ],
  });
  expect(replayed).toBe(4);
  expect(chain.calls.map(({ method, params }) => `${method} ${JSON.stringify(params)}`)).toEqual([
    "evm_setAutomine [false]",
    'eth_sendRawTransaction ["0x01"]',
    'eth_sendRawTransaction ["0x02"]',
    'evm_setNextBlockTimestamp ["0xc8"]',
    'hardhat_setNextBlockBaseFeePerGas ["0x7"]',
    "evm_mine []",
    'hardhat_setCode ["0x1","0x"]',
    'eth_sendRawTransaction ["0x03"]',
    'eth_sendRawTransaction ["0x04"]',
    // Never back in time: 150 < 200.
    'evm_setNextBlockTimestamp ["0xc8"]',
    "evm_mine []",
    "evm_mine []",
    "evm_setAutomine [true]",
  ]);
  expect(logs).toEqual(["replay of hardhat_setCode on chain 7: hardhat_setCode refused"]);
});

test("a pending transaction the chain drops is no longer followed", async () => {
  // The poll's timer on a fake clock: each poll happens when the test moves the clock, never later.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const chain = fakeChain({ pendingReads: 1_000_000, dropped: true });
  const blocks: unknown[] = [];
  const request = journalChain({
    chainId: 7,
    request: chain.request,
    append: () => 1,
    setBlock: (...args) => blocks.push(args),
    pollMs: 1,
  });
  await request({ method: "eth_sendRawTransaction", params: ["0xab"] });
  await vi.advanceTimersByTimeAsync(1_000);
  const reads = chain.calls.filter((call) => call.method === "eth_getTransactionReceipt").length;
  expect(reads).toBe(2); // at the send, then once more before the drop is seen
  expect(blocks).toEqual([]);
  // Nothing is left polling.
  expect(vi.getTimerCount()).toBe(0);
});

test("replay with the block archive: a pending transaction takes its archived block, one not archived comes after the archive's head", async () => {
  const chain = fakeChain();
  const archivedRaw = "0x02";
  await replayChainJournal({
    request: chain.request,
    archive: {
      head: { number: 12, timestamp: 300 },
      blockOf: (hash) => (hash === keccak256(archivedRaw) ? block(3, 200) : undefined),
    },
    calls: [
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x01"], block: block(3, 200) },
      { chainId: 7, method: "eth_sendRawTransaction", params: [archivedRaw], block: null },
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x03"], block: null },
    ],
  });
  expect(chain.calls.map(({ method, params }) => `${method} ${JSON.stringify(params ?? [])}`)).toEqual([
    "evm_setAutomine [false]",
    'eth_sendRawTransaction ["0x01"]',
    // Archived in block 3 with the first: mined with it.
    'eth_sendRawTransaction ["0x02"]',
    'evm_setNextBlockTimestamp ["0xc8"]',
    'hardhat_setNextBlockBaseFeePerGas ["0x7"]',
    "evm_mine []",
    // Not archived: the chain (head 9 here) is mined up to the archive's head (12) at its time first.
    'eth_getBlockByNumber ["latest",false]',
    'evm_setNextBlockTimestamp ["0x12c"]',
    'hardhat_mine ["0x3","0x0"]',
    'eth_sendRawTransaction ["0x03"]',
    "evm_mine []",
    "evm_setAutomine [true]",
  ]);
});

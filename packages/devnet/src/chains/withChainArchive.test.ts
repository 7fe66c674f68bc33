import { type Hex, numberToHex } from "viem";
import { afterEach, expect, test } from "vitest";
import { useStateDirectories } from "../../../../test/support/stateDirectories.js";
import { createDevnetChains, type DevnetChain } from "./createDevnetChains.js";
import { withChainArchive } from "./withChainArchive.js";

const { freshDir, openDatabase } = useStateDirectories("chain-archive");
const started: DevnetChain[] = [];
afterEach(async () => {
  for (const chain of started.splice(0)) await chain.close();
});

/** One in-process chain, its history served from a fresh state database's archive. */
async function archived() {
  const [chain] = await createDevnetChains({ chainIds: [31337] });
  started.push(chain as DevnetChain);
  const state = await openDatabase(freshDir());
  const raw = (chain as DevnetChain).request;
  const { request } = withChainArchive({ chainId: 31337, request: raw, raw, archive: state });
  const [from, to] = (await raw({ method: "eth_accounts" })) as Hex[];
  const send = () =>
    request({ method: "eth_sendTransaction", params: [{ from, to, value: "0x1" }] }) as Promise<Hex>;
  return { state, raw, request, send };
}

test("default: a block is archived before it is served, and served as archived", async () => {
  const { state, request, send } = await archived();
  const hash = await send();
  const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    blockNumber: Hex;
  };
  expect(state.archivedChainHead(31337)).toBe(1);
  expect(state.findArchivedTransaction(31337, hash)?.receipt).toEqual(receipt);
  const block = (await request({ method: "eth_getBlockByNumber", params: ["0x1", false] })) as {
    transactions: Hex[];
  };
  expect(block.transactions).toEqual([hash]);
  expect(await request({ method: "eth_blockNumber" })).toBe("0x1");
  expect(await request({ method: "eth_getBlockByNumber", params: ["0x2", false] })).toBeNull();
});

test("a block, its transaction count and its transactions by hash and by index are the archived ones", async () => {
  const { state, request, send } = await archived();
  const hash = await send();
  const before = await request({ method: "eth_getBlockByNumber", params: ["latest", true] });
  const archivedBlock = state.findArchivedBlock(31337, { number: 1 });
  expect(archivedBlock).toEqual(before);
  expect(await request({ method: "eth_getTransactionByHash", params: [hash] })).toEqual(
    (before as { transactions: unknown[] }).transactions[0],
  );
  expect(await request({ method: "eth_getBlockTransactionCountByNumber", params: ["0x1"] })).toBe("0x1");
  expect(
    await request({ method: "eth_getTransactionByBlockNumberAndIndex", params: ["0x1", "0x0"] }),
  ).toEqual((before as { transactions: unknown[] }).transactions[0]);
});

test("a pending transaction is the chain's answer until its block is mined, then the archive's", async () => {
  const { request, send } = await archived();
  await request({ method: "evm_setAutomine", params: [false] });
  const hash = await send();
  const pending = (await request({ method: "eth_getTransactionByHash", params: [hash] })) as {
    blockHash: Hex | null;
  };
  expect(pending.blockHash).toBeNull();
  expect(await request({ method: "eth_getTransactionReceipt", params: [hash] })).toBeNull();
  const block = (await request({ method: "eth_getBlockByNumber", params: ["pending", false] })) as {
    transactions: Hex[];
  };
  expect(block.transactions).toEqual([hash]);
  await request({ method: "evm_mine", params: [] });
  const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as {
    blockNumber: Hex;
  };
  expect(receipt.blockNumber).toBe(numberToHex(1));
});

test("an evm_revert drops the archived blocks it took off the chain; the blocks mined after it are archived", async () => {
  const { state, request, send } = await archived();
  const snapshot = await request({ method: "evm_snapshot", params: [] });
  const first = await send();
  await request({ method: "eth_getTransactionReceipt", params: [first] });
  expect(state.archivedChainHead(31337)).toBe(1);
  expect(await request({ method: "evm_revert", params: [snapshot] })).toBe(true);
  expect(state.archivedChainHead(31337)).toBe(0);
  expect(await request({ method: "eth_getTransactionReceipt", params: [first] })).toBeNull();
  await request({ method: "evm_mine", params: [] });
  const logs = await request({ method: "eth_getLogs", params: [{ fromBlock: "0x0" }] });
  expect(logs).toEqual([]);
  expect(state.archivedChainHead(31337)).toBe(1);
});

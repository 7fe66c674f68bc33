import { expect, test } from "vitest";
import type { JournaledChainCall } from "../state/openStateDatabase.js";
import { journalChain, replayChainJournal } from "./journalChain.js";

/** A fake chain: answers reads, records every call, fails the methods listed in `failing`. */
function fakeChain(failing: string[] = []) {
  const calls: { method: string; params: readonly unknown[] | undefined }[] = [];
  const request = async ({ method, params }: { method: string; params?: readonly unknown[] | undefined }) => {
    calls.push({ method, params });
    if (failing.includes(method)) throw new Error(`${method} refused`);
    if (method === "eth_getBlockByNumber") return { timestamp: "0x64" };
    return "0x1";
  };
  return { calls, request };
}

test("default: only accepted state-changing calls are journaled, with the latest block's timestamp", async () => {
  const chain = fakeChain(["eth_sendTransaction"]);
  const journal: JournaledChainCall[] = [];
  const request = journalChain({ chainId: 7, request: chain.request, append: (call) => journal.push(call) });
  await request({ method: "eth_blockNumber" });
  await request({ method: "eth_call", params: [{}] });
  await request({ method: "eth_sendRawTransaction", params: ["0xab"] });
  await request({ method: "hardhat_setBalance", params: ["0x1", "0x2"] });
  await expect(request({ method: "eth_sendTransaction", params: [{}] })).rejects.toThrow("refused");
  expect(journal).toEqual([
    { chainId: 7, method: "eth_sendRawTransaction", params: ["0xab"], timestamp: 100 },
    { chainId: 7, method: "hardhat_setBalance", params: ["0x1", "0x2"], timestamp: 100 },
  ]);
});

test("replay: block-making calls get their recorded timestamp (never going back); mining modes are skipped", async () => {
  const chain = fakeChain(["hardhat_setCode"]);
  const logs: string[] = [];
  const replayed = await replayChainJournal({
    request: chain.request,
    log: (message) => logs.push(message),
    calls: [
      { chainId: 7, method: "eth_sendRawTransaction", params: ["0x01"], timestamp: 200 },
      { chainId: 7, method: "evm_setIntervalMining", params: [100], timestamp: 200 },
      { chainId: 7, method: "hardhat_setCode", params: ["0x1", "0x"], timestamp: 200 },
      { chainId: 7, method: "evm_mine", params: [], timestamp: 150 },
    ],
  });
  expect(replayed).toBe(2);
  expect(chain.calls).toEqual([
    { method: "evm_setNextBlockTimestamp", params: ["0xc8"] },
    { method: "eth_sendRawTransaction", params: ["0x01"] },
    { method: "hardhat_setCode", params: ["0x1", "0x"] },
    { method: "evm_setNextBlockTimestamp", params: ["0xc8"] },
    { method: "evm_mine", params: [] },
  ]);
  expect(logs).toEqual(["replay of hardhat_setCode on chain 7: hardhat_setCode refused"]);
});

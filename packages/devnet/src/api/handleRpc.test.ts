import { expect, test } from "vitest";
import { handleRpc } from "./handleRpc.js";
import type { ApiChain } from "./types.js";

/** A chain that records the methods it ran and answers each with its name. */
function fakeChain() {
  const ran: string[] = [];
  const chain = {
    request: async ({ method }: { method: string }) => {
      ran.push(method);
      return method;
    },
    indexer: { scan: async () => {} },
    depositAddresses: { scan: async () => {} },
  } as unknown as ApiChain;
  return { chain, ran };
}

test("default: a wallet's eth_ call runs", async () => {
  const { chain, ran } = fakeChain();
  expect(await handleRpc({ chain, body: { jsonrpc: "2.0", id: 1, method: "eth_chainId" } })).toEqual({
    jsonrpc: "2.0",
    id: 1,
    result: "eth_chainId",
  });
  expect(ran).toEqual(["eth_chainId"]);
});

test.each([
  "hardhat_setBalance",
  "hardhat_setCode",
  "hardhat_setStorageAt",
  "hardhat_setNonce",
  "hardhat_impersonateAccount",
  "hardhat_mine",
  "hardhat_dropTransaction",
  "evm_mine",
  "evm_increaseTime",
  "evm_snapshot",
  "evm_revert",
  "anvil_setBalance",
  "eth_sendUnsignedTransaction",
  "personal_sign",
])("%s is refused without reaching the chain", async (method) => {
  const { chain, ran } = fakeChain();
  const answer = (await handleRpc({ chain, body: { jsonrpc: "2.0", id: 7, method, params: [] } })) as {
    id: number;
    error: { code: number; message: string };
  };
  expect(answer.id).toBe(7);
  expect(answer.error.code).toBe(-32004);
  expect(answer.error.message).toContain("--rpc-admin");
  expect(ran).toEqual([]);
});

test("in a batch, only the chain-admin calls are refused", async () => {
  const { chain, ran } = fakeChain();
  const answers = (await handleRpc({
    chain,
    body: [
      { jsonrpc: "2.0", id: 1, method: "hardhat_impersonateAccount", params: ["0x1"] },
      { jsonrpc: "2.0", id: 2, method: "eth_sendTransaction", params: [{ from: "0x1" }] },
    ],
  })) as { id: number; error?: { code: number } }[];
  expect(answers.map((answer) => answer.error?.code)).toEqual([-32004, undefined]);
  expect(ran).toEqual(["eth_sendTransaction"]);
});

test("with admin (rpcAdmin, --rpc-admin) they run", async () => {
  const { chain, ran } = fakeChain();
  await handleRpc({ chain, admin: true, body: { jsonrpc: "2.0", id: 1, method: "hardhat_setBalance" } });
  expect(ran).toEqual(["hardhat_setBalance"]);
});

test("a transaction object with input and data: one kept when equal, geth's error when not, per call of a batch", async () => {
  const sent: unknown[] = [];
  const chain = {
    request: async ({ params }: { params: unknown[] }) => {
      sent.push(params);
      return "0x1";
    },
    indexer: { scan: async () => {} },
    depositAddresses: { scan: async () => {} },
  } as unknown as ApiChain;
  const answers = (await handleRpc({
    chain,
    body: [
      { jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ input: "0x12", data: "0x12" }, "latest"] },
      { jsonrpc: "2.0", id: 2, method: "eth_estimateGas", params: [{ input: "0x12", data: "0x13" }] },
    ],
  })) as { id: number; result?: string; error?: { code: number; message: string } }[];
  expect(answers[0]).toEqual({ jsonrpc: "2.0", id: 1, result: "0x1" });
  expect(answers[1]?.error?.code).toBe(-32000);
  expect(answers[1]?.error?.message).toMatch(/"data" and "input"/);
  expect(sent).toEqual([[{ input: "0x12" }, "latest"]]);
});

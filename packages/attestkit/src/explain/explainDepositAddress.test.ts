import { expect, test } from "vitest";
import { explainDepositAddress } from "./explainDepositAddress.js";

const address = "0x2222222222222222222222222222222222222222";
const payer = "0x1111111111111111111111111111111111111111";
const txHash = `0x${"cd".repeat(32)}`;

/** A JSON-RPC endpoint in memory that has one transaction: `to`, with `value` wei. */
function chainWith(to: string, value: bigint): typeof globalThis.fetch {
  const transaction = {
    hash: txHash,
    from: payer,
    to,
    value: `0x${value.toString(16)}`,
    blockHash: `0x${"01".repeat(32)}`,
    blockNumber: "0x5",
    transactionIndex: "0x0",
    nonce: "0x0",
    gas: "0x5208",
    gasPrice: "0x1",
    input: "0x",
    type: "0x0",
    v: "0x1b",
    r: "0x1",
    s: "0x1",
  };
  const receipt = {
    transactionHash: txHash,
    transactionIndex: "0x0",
    blockHash: transaction.blockHash,
    blockNumber: "0x5",
    from: payer,
    to,
    cumulativeGasUsed: "0x5208",
    gasUsed: "0x5208",
    effectiveGasPrice: "0x1",
    contractAddress: null,
    logs: [],
    logsBloom: `0x${"00".repeat(256)}`,
    status: "0x1",
    type: "0x0",
  };
  return async (_input, init) => {
    const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
    const result = method === "eth_getTransactionReceipt" ? receipt : transaction;
    return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), {
      headers: { "content-type": "application/json" },
    });
  };
}

const status = (depositTxHash: string | null) =>
  ({ status: "success", depositAddress: { address, depositAddressType: "strict", depositTxHash } }) as never;
const rpcUrls = new Map([[1, "http://chain.test/"]]);
const vmTypes = new Map<number, string>();

test("the transfer into the deposit address, read beside the sweep: sender, receiver, value", async () => {
  const { part, mismatches } = await explainDepositAddress({
    status: status(txHash),
    chainId: 1,
    rpcUrls,
    vmTypes,
    fetch: chainWith(address, 10n),
  });
  expect(mismatches).toEqual([]);
  expect(part).toMatchObject({
    address,
    depositAddressType: "strict",
    txHash,
    transfer: { from: payer, to: address, value: "10" },
  });
});

test("a native transfer that went elsewhere than the deposit address is a mismatch", async () => {
  const other = "0x3333333333333333333333333333333333333333";
  const { mismatches } = await explainDepositAddress({
    status: status(txHash),
    chainId: 1,
    rpcUrls,
    vmTypes,
    fetch: chainWith(other, 10n),
  });
  expect(mismatches).toEqual([
    {
      field: "deposit address transfer receiver",
      against: "status depositAddress.address",
      expected: address,
      actual: other,
    },
  ]);
});

test("no transfer recorded yet, no deposit address, or a chain of another VM: nothing read", async () => {
  const fetch: typeof globalThis.fetch = async () => {
    throw new Error("no call expected");
  };
  expect(
    (await explainDepositAddress({ status: status(null), chainId: 1, rpcUrls, vmTypes, fetch })).part,
  ).toMatchObject({
    transfer: null,
    note: "no transfer into it recorded yet",
  });
  expect(
    await explainDepositAddress({
      status: { status: "success" } as never,
      chainId: 1,
      rpcUrls,
      vmTypes,
      fetch,
    }),
  ).toEqual({ part: null, mismatches: [] });
  expect(
    await explainDepositAddress({ status: status(txHash), chainId: 8253038, rpcUrls, vmTypes, fetch }),
  ).toEqual({ part: null, mismatches: [] });
});

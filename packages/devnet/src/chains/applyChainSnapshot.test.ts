import { type Hex, numberToHex } from "viem";
import { expect, test } from "vitest";
import type { ChainSnapshot } from "../state/openStateDatabase.js";
import { applyChainSnapshot } from "./applyChainSnapshot.js";

/** A chain stand-in at `height` whose latest block has `latest` as its time; it records every call. */
function chain(height: number, latest: number) {
  const calls: { method: string; params?: readonly unknown[] | undefined }[] = [];
  const request = async (call: { method: string; params?: readonly unknown[] | undefined }) => {
    calls.push(call);
    if (call.method === "eth_blockNumber") return numberToHex(height);
    if (call.method === "eth_getBlockByNumber")
      return { number: numberToHex(height), timestamp: numberToHex(latest) };
    return null;
  };
  return { calls, request };
}

const snapshot = (timestamp: number): ChainSnapshot =>
  ({
    seq: 12,
    block: { number: 20, timestamp, baseFeePerGas: "0x7" as Hex },
    accounts: {
      "0x00000000000000000000000000000000000000aa": { balance: "0x1", nonce: "0x2", code: "0x", storage: {} },
    },
  }) as unknown as ChainSnapshot;

const nextTimestamp = (calls: { method: string; params?: readonly unknown[] | undefined }[]) =>
  calls.find((call) => call.method === "evm_setNextBlockTimestamp")?.params?.[0];

test("default: empty blocks up to the snapshot's, its accounts, then its block at its own time", async () => {
  const { calls, request } = chain(3, 1_700_000_000);
  expect(await applyChainSnapshot({ request, snapshot: snapshot(1_700_000_100) })).toBe(1_700_000_100);
  expect(calls.find((call) => call.method === "hardhat_mine")?.params).toEqual([numberToHex(16), "0x0"]);
  expect(nextTimestamp(calls)).toBe(numberToHex(1_700_000_100));
  expect(calls.at(-1)?.method).toBe("evm_mine");
});

test("a restarted chain already past the snapshot's time: its block takes the later time, never an earlier one", async () => {
  // What a slow restart does: the chain's clock runs past the snapshot's block before it is applied.
  const { calls, request } = chain(19, 1_700_000_250);
  expect(await applyChainSnapshot({ request, snapshot: snapshot(1_700_000_100) })).toBe(1_700_000_250);
  expect(nextTimestamp(calls)).toBe(numberToHex(1_700_000_250));
  expect(calls.some((call) => call.method === "hardhat_mine")).toBe(false);
});

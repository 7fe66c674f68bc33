import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { createRequestStore } from "../state/createRequestStore.js";
import type { DevnetStatus } from "../state/transitions.js";
import { createRelayedRequest } from "./createRelayedRequest.js";
import { followRelayedCall } from "./followRelayedCall.js";

const to: Address = "0x000000000000000000000000000000000000bEEF";
const user: Address = "0x000000000000000000000000000000000000a11C";
const requestId = `0x${"11".repeat(32)}` as Hex;
const txHash = `0x${"aa".repeat(32)}` as Hex;

/** A store holding one gasless execution's request, the events it sends, and a chain that counts scans. */
function setup() {
  const events: [DevnetStatus | null, DevnetStatus][] = [];
  const logged: string[] = [];
  const store = createRequestStore({
    onTransition: (r, from) => events.push([from, r.status]),
    log: () => {},
  });
  store.create(
    createRelayedRequest({
      requestId,
      apiKey: "k",
      referrer: "app",
      chainId: 31337,
      user,
      relayer: to,
      to,
      data: "0x",
      value: 5n,
      createdAt: 1,
    }),
  );
  let scans = 0;
  const chain = { indexer: { scan: async () => void scans++ } } as never;
  const context = { store, log: (message: string) => void logged.push(message) };
  return { store, events, logged, chain, context, scans: () => scans };
}
const receipt = (status: "success" | "reverted") => ({
  waitForReceipt: async () => ({ transactionHash: txHash, status, contractAddress: null }),
});

test("default: the call mined, the request goes waiting -> success with one event; deposits indexed at once", async () => {
  const { store, events, chain, context, scans } = setup();
  expect(store.get(requestId)).toMatchObject({
    status: "waiting",
    originChainId: 31337,
    destinationChainId: 31337,
    user,
    recipient: to,
    amountIn: 5n,
    amountOut: 5n,
    relayed: { relayer: to, to, data: "0x", value: 5n },
  });
  await followRelayedCall({ context, chain, sender: receipt("success"), requestId, txHash, to });
  expect(store.get(requestId)).toMatchObject({ status: "success", inTxHashes: [txHash], txHashes: [txHash] });
  expect(events).toEqual([["waiting", "success"]]);
  expect(scans()).toBe(1);
});

test("reverted: waiting -> failure (TRANSACTION_REVERTED), an event, the revert in details", async () => {
  const { store, events, chain, context } = setup();
  await followRelayedCall({ context, chain, sender: receipt("reverted"), requestId, txHash, to });
  expect(store.get(requestId)).toMatchObject({
    status: "failure",
    failReason: "TRANSACTION_REVERTED",
    refundFailReason: "N/A",
    details: { revert: { index: 0, to, txHash } },
  });
  expect(events).toEqual([["waiting", "failure"]]);
});

test("a receipt that cannot be read is logged and leaves the request waiting", async () => {
  const { store, events, chain, context, logged } = setup();
  const sender = {
    waitForReceipt: async () => {
      throw new Error("the devnet stopped");
    },
  };
  await followRelayedCall({ context, chain, sender, requestId, txHash, to });
  expect(store.get(requestId)?.status).toBe("waiting");
  expect(events).toEqual([]);
  expect(logged).toEqual([`relayed call ${txHash}: the devnet stopped`]);
});

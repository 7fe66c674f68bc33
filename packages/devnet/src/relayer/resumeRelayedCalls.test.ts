import { type Address, type Hex, keccak256 } from "viem";
import { expect, test } from "vitest";
import { createRequestStore } from "../state/createRequestStore.js";
import type { DevnetStatus } from "../state/transitions.js";
import { createRelayedRequest } from "./createRelayedRequest.js";
import { resumeRelayedCalls } from "./resumeRelayedCalls.js";

const to: Address = "0x000000000000000000000000000000000000bEEF";
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const hash = (n: number) => keccak256(id(n));

test("default: a mined call is recorded, a lost one (or one without a hash) fails, anything else is left", async () => {
  const events: [Hex, DevnetStatus][] = [];
  const store = createRequestStore({
    onTransition: (r) => events.push([r.requestId, r.status]),
    log: () => {},
  });
  const relayed = (n: number) =>
    createRelayedRequest({
      requestId: id(n),
      apiKey: "k",
      referrer: "app",
      chainId: 31337,
      user: to,
      relayer: to,
      to,
      data: "0x",
      value: 0n,
      createdAt: 0,
    });
  // 1: mined with status 1; 2: reverted; 3: unknown to the chain; 4: no hash written; 5: already final.
  for (const n of [1, 2, 3, 4, 5]) store.create(relayed(n));
  for (const n of [1, 2, 3, 5]) store.update(id(n), { inTxHashes: [hash(n)] });
  store.transition(id(5), "success", { txHashes: [hash(5)] });
  events.length = 0;
  const receipts: Record<string, string> = { [hash(1)]: "0x1", [hash(2)]: "0x0" };
  const request = async ({
    method,
    params = [],
  }: {
    method: string;
    params?: readonly unknown[] | undefined;
  }) => {
    const status = receipts[params[0] as string];
    if (method === "eth_getTransactionByHash") return status ? { hash: params[0] } : null;
    if (method === "eth_getTransactionReceipt") return status ? { status, contractAddress: null } : null;
    if (method === "eth_getBalance") return "0xffffffffffffffffffffffffffff";
    throw new Error(`unexpected ${method}`);
  };
  const logged: string[] = [];
  const chains = new Map([[31337, { chainId: 31337, request, indexer: { scan: async () => {} } } as never]]);
  await resumeRelayedCalls({ context: { store, log: (m) => void logged.push(m) }, chains });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([1, 2, 3, 4, 5].map((n) => [store.get(id(n))?.status, store.get(id(n))?.failReason])).toEqual([
    ["success", "N/A"],
    ["failure", "TRANSACTION_REVERTED"],
    ["failure", "UNKNOWN"],
    ["failure", "UNKNOWN"],
    ["success", "N/A"],
  ]);
  expect(events).toHaveLength(4);
  expect(logged).toHaveLength(2);
});

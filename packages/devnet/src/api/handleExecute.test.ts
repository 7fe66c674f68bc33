import { type Hex, keccak256, parseTransaction } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import {
  apiChains,
  destinationChainId,
  originChainId,
  originToken,
  thrown,
} from "../../../../test/support/devnetApi.js";
import { devnetRelayerAddress, relayerNativeBalance } from "../relayer/constants.js";
import { createDevnetRequest } from "../state/createDevnetRequest.js";
import { createRequestStore } from "../state/createRequestStore.js";
import type { DevnetStatus } from "../state/transitions.js";
import { handleExecute } from "./handleExecute.js";

const user = privateKeyToAccount(`0x${"c3".repeat(32)}`);
const quotedId = `0x${"22".repeat(32)}` as Hex;
const execution = (patch: Record<string, unknown> = {}) => ({
  executionKind: "rawCalls",
  data: { chainId: originChainId, to: originToken, data: "0xa9059cbb", value: "7" },
  executionOptions: { referrer: "my-app", subsidizeFees: true },
  ...patch,
});

/**
 * A devnet whose origin chain answers the relayer's JSON-RPC (`reverts`: the simulation fails;
 * `mined`: the receipt's status), with one quoted request `waiting` on the origin, and what it saw.
 */
function setup({
  reverts = false,
  mined = "0x1",
  balance = 0n,
}: {
  reverts?: boolean;
  mined?: Hex;
  balance?: bigint;
} = {}) {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const raw: Hex[] = [];
  const events: [DevnetStatus | null, DevnetStatus][] = [];
  const store = createRequestStore({
    onTransition: (r, from) => events.push([from, r.status]),
    log: () => {},
  });
  /** The request's `inTxHashes` when the transaction was broadcast. */
  let atBroadcast: readonly Hex[] | undefined;
  const request = async ({
    method,
    params = [],
  }: {
    method: string;
    params?: readonly unknown[] | undefined;
  }) => {
    calls.push({ method, params });
    switch (method) {
      case "eth_getBalance":
        return `0x${balance.toString(16)}`;
      case "hardhat_setBalance":
        return true;
      case "eth_estimateGas":
        if (reverts) throw new Error("execution reverted: ERC20: transfer amount exceeds balance");
        return "0x5208";
      case "eth_getBlockByNumber":
        return { baseFeePerGas: "0x1" };
      case "eth_getTransactionCount":
        return "0x0";
      case "eth_sendRawTransaction": {
        raw.push(params[0] as Hex);
        atBroadcast = [...store.all()].find((r) => r.relayed)?.inTxHashes;
        return keccak256(params[0] as Hex);
      }
      case "eth_getTransactionReceipt":
        return { status: mined, contractAddress: null };
      default:
        throw new Error(`unexpected ${method}`);
    }
  };
  store.create(
    createDevnetRequest({
      requestId: quotedId,
      status: "waiting",
      apiKey: "k",
      referrer: null,
      originChainId,
      destinationChainId,
      user: user.address,
      recipient: user.address,
      refundTo: user.address,
      originCurrency: originToken,
      destinationCurrency: originToken,
      amountIn: 1n,
      amountOut: 1n,
      createdAt: 0,
    }),
  );
  const context = {
    chains: apiChains({ [originChainId]: { request } }),
    store,
    log: () => {},
    now: () => 1234,
  };
  return { context, store, calls, raw, events, broadcast: () => atBroadcast };
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

test("default: the relayer (funded first) sends the call; a request of its own, its hash kept before the broadcast; success once mined", async () => {
  const { context, store, calls, raw, events, broadcast } = setup();
  const answer = await handleExecute({
    context,
    body: execution({ originGasOverhead: 80_000 }),
    apiKey: "k",
  });
  expect(answer).toEqual({
    message: "Transaction submitted",
    requestId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
  });
  expect(calls.find((c) => c.method === "hardhat_setBalance")?.params).toEqual([
    devnetRelayerAddress,
    `0x${relayerNativeBalance.toString(16)}`,
  ]);
  const sent = parseTransaction(raw[0] as Hex);
  expect(sent).toMatchObject({
    to: originToken.toLowerCase(),
    data: "0xa9059cbb",
    value: 7n,
    chainId: originChainId,
  });
  expect(sent.gas).toBe((21_000n * 12n) / 10n);
  const hash = keccak256(raw[0] as Hex);
  expect(broadcast()).toEqual([hash]);
  await settled();
  expect(store.get(answer.requestId)).toMatchObject({
    status: "success",
    apiKey: "k",
    referrer: "my-app",
    user: originToken,
    inTxHashes: [hash],
    txHashes: [hash],
    createdAt: 1234,
    relayed: { relayer: devnetRelayerAddress, to: originToken, value: 7n },
  });
  expect(events).toEqual([["waiting", "success"]]);
});

test("the user of an execution with an EIP-7702 authorization is its signer; a funded relayer is not funded again", async () => {
  const { context, store, calls } = setup({ balance: relayerNativeBalance });
  const authorization = await user.signAuthorization({
    chainId: originChainId,
    address: originToken,
    nonce: 0,
  });
  const { r, s, yParity } = authorization;
  const { requestId } = await handleExecute({
    context,
    body: execution({
      data: {
        ...execution().data,
        authorizationList: [{ chainId: originChainId, address: originToken, nonce: 0, yParity, r, s }],
      },
    }),
    apiKey: "k",
  });
  expect(store.get(requestId)?.user).toBe(user.address);
  expect(calls.some((c) => c.method === "hardhat_setBalance")).toBe(false);
});

test("reverted on chain: the request ends in failure; a quote's request is answered with its id and left to its deposit", async () => {
  const own = setup({ mined: "0x0" });
  const { requestId } = await handleExecute({ context: own.context, body: execution(), apiKey: "k" });
  await settled();
  expect(own.store.get(requestId)).toMatchObject({ status: "failure", failReason: "TRANSACTION_REVERTED" });

  const quoted = setup();
  const answer = await handleExecute({
    context: quoted.context,
    body: execution({ requestId: quotedId }),
    apiKey: "k",
  });
  await settled();
  expect(answer.requestId).toBe(quotedId);
  expect(quoted.store.size()).toBe(1);
  expect(quoted.store.get(quotedId)?.status).toBe("waiting");
});

test.each<[string, Record<string, unknown>, string | undefined, number, Record<string, unknown>]>([
  ["no API key", {}, undefined, 401, { error: "Unauthorized", errorCode: "UNAUTHORIZED" }],
  [
    "a field the schema refuses",
    { data: { ...execution().data, value: "0.5" } },
    "k",
    400,
    { errorCode: "INVALID_REQUEST" },
  ],
  ["another execution kind", { executionKind: "batch" }, "k", 400, { errorCode: "INVALID_REQUEST" }],
  [
    "a chain the devnet does not run",
    { data: { ...execution().data, chainId: 1 } },
    "k",
    400,
    { error: "UNSUPPORTED_CHAIN" },
  ],
  [
    "destination calls",
    {
      executionOptions: {
        ...execution().executionOptions,
        destinationChainExecutionData: { calls: [{ to: originToken }] },
      },
    },
    "k",
    400,
    { errorCode: "NOT_SIMULATED" },
  ],
  ["an unknown request", { requestId: `0x${"33".repeat(32)}` }, "k", 404, { error: "REQUEST_NOT_FOUND" }],
  [
    "a quote's request on another chain",
    { requestId: quotedId, data: { ...execution().data, chainId: destinationChainId } },
    "k",
    400,
    { errorCode: "UNSUPPORTED_CHAIN", requestId: quotedId },
  ],
])("refused before anything is sent: %s", async (_, patch, apiKey, status, body) => {
  const { context, store, raw } = setup();
  const error = (await thrown(() => handleExecute({ context, body: execution(patch), apiKey }))) as {
    body: Record<string, unknown>;
  };
  expect(error).toMatchObject({ status, body });
  expect(typeof error.body.error).toBe("string");
  expect(raw).toEqual([]);
  expect(store.size()).toBe(1);
});

test("refused: a quote's request no longer waiting; a call that reverts in simulation (nothing sent, no request)", async () => {
  const moved = setup();
  moved.store.transition(quotedId, "pending");
  expect(
    await thrown(() =>
      handleExecute({ context: moved.context, body: execution({ requestId: quotedId }), apiKey: "k" }),
    ),
  ).toMatchObject({
    status: 400,
    body: { errorCode: "INVALID_REQUEST", requestId: quotedId },
  });
  const reverting = setup({ reverts: true });
  const error = (await thrown(() =>
    handleExecute({ context: reverting.context, body: execution(), apiKey: "k" }),
  )) as {
    body: { message: string };
  };
  expect(error).toMatchObject({
    status: 400,
    body: { error: "EXECUTION_REVERTED", errorCode: "EXECUTION_REVERTED" },
  });
  expect(error.body.message).toContain("transfer amount exceeds balance");
  expect(reverting.raw).toEqual([]);
  expect(reverting.store.size()).toBe(1);
});

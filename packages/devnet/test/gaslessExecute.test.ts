// POST /execute (gasless execution) on the devnet, through the client's executeGasless: the devnet's
// relayer sends the caller's call and pays its gas. A call of its own (an EIP-3009 transfer the user
// signed) becomes a request, waiting then success, listed, with its webhook event; a quote's request
// paid by the relayer's call of its deposit step is filled as any. Refusals answer in the live shape.
import { randomBytes } from "node:crypto";
import { bytesToHex, encodeFunctionData, erc20Abi, type Hex, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeGasless } from "../../attestkit/src/client/actions/executeGasless.js";
import { getRequests } from "../../attestkit/src/client/actions/getRequests.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { ApiError } from "../../attestkit/src/client/errors/request.js";
import { devnetEip3009TokenAbi } from "../src/contracts/abis.js";
import { devnetRelayerAddress } from "../src/relayer/constants.js";

const apiKey = "relay-key";
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await createWebhookReceiver({ secret: apiKey });
});
afterAll(async () => {
  await receiver?.close();
});

// Started after the receiver (hooks run in order) and stopped before it.
const { devnet, origin, destination, reader, account, usdcOf } = useDevnet(() => ({
  webhooks: { [apiKey]: receiver.url },
  webhookRetry: { baseDelayMs: 5, maxDelayMs: 20 },
}));
const client = () => createClient({ network: { baseUrl: devnet().url }, apiKey, retry: false });

/** The calldata of an EIP-3009 `transferWithAuthorization` that `from` signed (no gas of theirs). */
async function signedTransfer(from: ReturnType<typeof account>, to: Hex, value: bigint) {
  const token = origin().contracts.token;
  const name = await reader(origin()).readContract({ address: token, abi: erc20Abi, functionName: "name" });
  const message = {
    from: from.address,
    to,
    value,
    validAfter: 0n,
    validBefore: 2n ** 40n,
    nonce: bytesToHex(randomBytes(32)),
  };
  const signature = await from.signTypedData({
    domain: { name, version: "1", chainId: origin().chainId, verifyingContract: token },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message,
  });
  return encodeFunctionData({
    abi: devnetEip3009TokenAbi,
    functionName: "transferWithAuthorization",
    args: [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature,
    ],
  });
}

describe("POST /execute", () => {
  test("default: the relayer sends the call, gas paid; the request goes waiting -> success, listed, with its webhook", async () => {
    const user = account(4);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const ethBefore = await reader(origin()).getBalance({ address: user.address });
    const answer = await executeGasless(client(), {
      executionKind: "rawCalls",
      data: {
        chainId: origin().chainId,
        to: origin().contracts.token,
        data: await signedTransfer(user, to, 2_500_000n),
        value: "0",
      },
      executionOptions: { referrer: "gasless-app", subsidizeFees: true },
    });
    expect(answer.message).toBe("Transaction submitted");
    const requestId = answer.requestId as Hex;
    expect(requestId).toMatch(/^0x[0-9a-f]{64}$/);

    const status = await waitForStatus(client(), { requestId, intervalMs: 20 });
    expect(status).toMatchObject({
      status: "success",
      originChainId: origin().chainId,
      destinationChainId: origin().chainId,
    });
    expect(status.inTxHashes).toHaveLength(1);
    expect(status.txHashes).toEqual(status.inTxHashes);
    const receipt = await reader(origin()).getTransactionReceipt({ hash: status.txHashes?.[0] as Hex });
    expect(receipt.from.toLowerCase()).toBe(devnetRelayerAddress.toLowerCase());
    expect(await usdcOf(origin(), to)).toBe(2_500_000n);
    // Gasless: the user paid no gas.
    expect(await reader(origin()).getBalance({ address: user.address })).toBe(ethBefore);

    const listed = await getRequests(client(), { id: requestId });
    expect(listed.requests).toHaveLength(1);
    expect(listed.requests[0]).toMatchObject({ id: requestId, status: "success" });
    await receiver.waitFor((events) =>
      events.some(({ event }) => event.data.requestId === requestId && event.data.status === "success"),
    );
  });

  test("a quote's requestId: the relayer's call of its deposit step pays it, and the solver fills it", async () => {
    // A fresh user without any ETH: the relayer sends the deposit and pays its value and gas.
    const user = privateKeyToAccount(generatePrivateKey());
    const quote = await client().getQuote({
      user: user.address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.01").toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as Hex;
    const item = quote.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
    const answer = await executeGasless(client(), {
      executionKind: "rawCalls",
      data: { chainId: origin().chainId, to: item.to, data: item.data, value: item.value },
      executionOptions: { referrer: "gasless-app", subsidizeFees: false },
      requestId,
    });
    expect(answer.requestId).toBe(requestId);
    expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
    expect(await reader(destination()).getBalance({ address: user.address })).toBe(
      BigInt(quote.details?.currencyOut?.amount as string),
    );
    // Executing it again is refused: it is no longer waiting for its deposit.
    const again = await executeGasless(client(), {
      executionKind: "rawCalls",
      data: { chainId: origin().chainId, to: item.to, data: item.data, value: item.value },
      executionOptions: { referrer: "gasless-app", subsidizeFees: false },
      requestId,
    }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    expect(again).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST", requestId } });
  });

  test("refused in the live shape: no key, a bad field, another chain, an unknown request, a call that reverts", async () => {
    const post = async (body: unknown, key: string | null = apiKey) => {
      const response = await fetch(`${devnet().url}/execute`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const execution = {
      executionKind: "rawCalls",
      data: { chainId: origin().chainId, to: origin().contracts.token, data: "0x", value: "0" },
      executionOptions: { referrer: "gasless-app", subsidizeFees: true },
    };
    const size = (await getRequests(client(), {})).requests.length;
    expect(await post(execution, null)).toMatchObject({
      status: 401,
      body: { error: "Unauthorized", errorCode: "UNAUTHORIZED" },
    });
    const badTo = await post({ ...execution, data: { ...execution.data, to: "0x1234" } });
    expect(badTo).toMatchObject({ status: 400, body: { errorCode: "INVALID_REQUEST" } });
    expect(badTo.body.error).toContain("data.to");
    expect(await post({ ...execution, data: { ...execution.data, chainId: 1 } })).toMatchObject({
      status: 400,
      body: { error: "UNSUPPORTED_CHAIN", errorCode: "UNSUPPORTED_CHAIN" },
    });
    const unknown = `0x${"ab".repeat(32)}`;
    expect(await post({ ...execution, requestId: unknown })).toMatchObject({
      status: 404,
      body: { error: "REQUEST_NOT_FOUND", requestId: unknown },
    });
    // transfer(to, 1 USDC) from the relayer, which holds none: reverts in simulation, nothing sent.
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [zeroAddress, 1_000_000n],
    });
    const reverts = await post({ ...execution, data: { ...execution.data, data } });
    expect(reverts).toMatchObject({
      status: 400,
      body: { error: "EXECUTION_REVERTED", errorCode: "EXECUTION_REVERTED" },
    });
    // The client's action surfaces the same answer as an ApiError.
    const error = await executeGasless(client(), {
      ...execution,
      data: { ...execution.data, data },
    } as never).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { error: "EXECUTION_REVERTED" } });
    // No request was made by any of them.
    expect((await getRequests(client(), {})).requests).toHaveLength(size);
  });
});

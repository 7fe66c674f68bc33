import { devnetDepositoryAbi } from "attestkit/contracts";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  http,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { toAttestationWords } from "../../attestkit/src/attestation/toAttestationWords.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { attestationVerifierAbi } from "../../attestkit/src/contracts/index.js";
import { responseSchemas } from "../../attestkit/src/schemas/responses.js";
import { nativeCurrencyAddress } from "./constants.js";
import { devnetTokenAbi } from "./contracts/abis.js";

const apiKey = "devnet-test-key";
const flakyKey = "devnet-flaky-key";
let receiver: WebhookReceiver;
let flaky: WebhookReceiver;
const logs: string[] = [];

beforeAll(async () => {
  receiver = await createWebhookReceiver({ secret: apiKey });
  flaky = await createWebhookReceiver({ secret: flakyKey, failFirst: 9 });
});
afterAll(async () => {
  await receiver?.close();
  await flaky?.close();
});

/** How far the solver's clock runs ahead of the wall clock, ms (the ttl test sets it, for itself only). */
let ahead = 0;
// Started after the receivers (hooks run in order) and stopped before them.
const { devnet, origin, destination } = useDevnet(() => ({
  webhooks: { [apiKey]: receiver.url, [flakyKey]: flaky.url },
  webhookRetry: { baseDelayMs: 5, maxDelayMs: 40 },
  now: () => Date.now() + ahead,
  // Orphans refunded at once (the window is depositForms.test.ts's).
  orphanRefundDelayMs: 0,
  log: (message) => logs.push(message),
}));
const publicClient = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) });
const wallet = (index: number) =>
  createWalletClient({
    account: privateKeyToAccount((devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey),
    transport: http(origin().rpcUrl),
  });
const client = (key = apiKey) =>
  createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey: key,
    referrer: "devnet-tests",
  });
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const statusesOf = (source: WebhookReceiver, requestId: string) =>
  source
    .accepted()
    .filter(({ event }) => event.data.requestId === requestId)
    .map(({ event }) => event.data.status);

async function status(requestId: string) {
  const response = await fetch(`${devnet().url}/intents/status/v3?requestId=${requestId}`);
  expect(response.status).toBe(200);
  return responseSchemas.status.parse(await response.json());
}

/** Reads the status until `done` says so, however long that takes (the test's timeout bounds it). */
function waitUntil(requestId: string, done: (status: string) => boolean) {
  return pollUntil(
    `request ${requestId} to reach the status awaited`,
    async () => {
      // 404 until the deposit of an id no quote knows is indexed.
      const response = await fetch(`${devnet().url}/intents/status/v3?requestId=${requestId}`);
      const body = response.status === 404 ? undefined : responseSchemas.status.parse(await response.json());
      return body && done(body.status) ? body : undefined;
    },
    { intervalMs: 25 },
  );
}

async function tokenBalance(rpcUrl: string, token: Address, owner: Address) {
  return publicClient(rpcUrl).readContract({
    address: token,
    abi: devnetTokenAbi,
    functionName: "balanceOf",
    args: [owner],
  });
}

/** Deposits native currency straight into the origin depository with any id and amount. */
async function depositNative(index: number, id: Hex, value: bigint) {
  const account = wallet(index);
  const hash = await account.sendTransaction({
    chain: null,
    to: origin().contracts.depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [account.account.address, id],
    }),
    value,
  });
  await publicClient(origin().rpcUrl).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

test("default: quote, attestation verified off-chain and on-chain, executeSteps, success, paid, webhooks", async () => {
  const recipient = freshAddress();
  const c = client();
  const quote = await c.getQuote({
    user: wallet(1).account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_INPUT",
  });
  expect(quote.steps.map((step) => step.id)).toEqual(["deposit"]);
  const requestId = quote.steps[0]?.requestId as Hex;
  expect(quote.steps[0]?.items[0]?.check?.endpoint).toBe(`/intents/status/v3?requestId=${requestId}`);
  // Fee model: 10 bps + $0.01 at $3,000/ETH.
  const amountOut = parseEther("1") - parseEther("0.001") - 3_333_333_333_334n;
  expect(quote.details?.currencyOut?.amount).toBe(amountOut.toString());

  const attestation = await c.getAttestation({
    requestId,
    verify: { solvers: [devnet().info.solver.address] },
  });
  expect(attestation.verification.valid).toBe(true);
  expect(attestation.requestData).toMatchObject({
    originAmount: parseEther("1").toString(),
    destinationUser: recipient,
  });
  const { words } = toAttestationWords({ requestId, requestData: attestation.requestData });
  const word = (name: string) => (words.find(([n]) => n === name) as [string, Hex])[1];
  const tuple = {
    requestId: word("requestId"),
    originChainId: hexToBigInt(word("originChainId")),
    originUser: word("originUser"),
    originCurrency: word("originCurrency"),
    originAmount: hexToBigInt(word("originAmount")),
    destinationChainId: hexToBigInt(word("destinationChainId")),
    destinationUser: word("destinationUser"),
  };
  const verifier = origin().contracts.attestationVerifier as Address;
  const read = (functionName: "isValid", solver: Address) =>
    publicClient(origin().rpcUrl).readContract({
      address: verifier,
      abi: attestationVerifierAbi,
      functionName,
      args: [tuple, attestation.signature as Hex, solver],
    });
  expect(await read("isValid", devnet().info.solver.address)).toBe(true);
  expect(await read("isValid", wallet(1).account.address)).toBe(false);

  await executeSteps(c, { quote, wallet: wallet(1), checkIntervalMs: 20 });
  const final = await waitForStatus(c, { requestId, intervalMs: 20 });
  expect(final).toMatchObject({
    status: "success",
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    failReason: "N/A",
    refundFailReason: "N/A",
    referrer: "devnet-tests",
  });
  expect(final.inTxHashes).toHaveLength(1);
  expect(final.txHashes).toHaveLength(1);
  expect(typeof final.updatedAt).toBe("number");
  expect(await publicClient(destination().rpcUrl).getBalance({ address: recipient })).toBe(amountOut);
  const fill = await publicClient(destination().rpcUrl).getTransactionReceipt({
    hash: final.txHashes?.[0] as Hex,
  });
  expect(fill.status).toBe("success");

  await receiver.waitFor(() => statusesOf(receiver, requestId).length === 3);
  expect(statusesOf(receiver, requestId)).toEqual(["pending", "submitted", "success"]);
  const last = receiver
    .accepted()
    .find(({ event }) => event.data.requestId === requestId && event.data.status === "success");
  expect(last?.event).toMatchObject({
    event: "request.status.updated",
    data: { referrer: "devnet-tests", txHashes: final.txHashes },
  });
  expect(receiver.received.every((delivery) => delivery.answered === 200)).toBe(true);
});

test("ERC-20 route with approval, EXACT_OUTPUT: the recipient gets exactly the amount", async () => {
  const recipient = freshAddress();
  const c = client();
  const parameters = {
    user: wallet(2).account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "250000000",
    tradeType: "EXACT_OUTPUT" as const,
  };
  const quote = await c.getQuote(parameters);
  expect(quote.steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
  // 250 USDC out: the input covers 10 bps and $0.01.
  expect(quote.details?.currencyIn?.amount).toBe("250260261");
  const before = await tokenBalance(origin().rpcUrl, origin().contracts.token, parameters.user);
  await executeSteps(c, { quote, wallet: wallet(2), checkIntervalMs: 20 });
  const final = await waitForStatus(c, { requestId: quote.steps[1]?.requestId as string, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(await tokenBalance(destination().rpcUrl, destination().contracts.token, recipient)).toBe(
    250_000_000n,
  );
  expect(before - (await tokenBalance(origin().rpcUrl, origin().contracts.token, parameters.user))).toBe(
    250_260_261n,
  );
  // The allowance was used up by the deposit: the next quote asks for approval again.
  expect((await c.getQuote(parameters)).steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
});

test("destination txs run after the payout is simulated; the value comes out of the output", async () => {
  const recipient = freshAddress();
  const target = freshAddress();
  const quote = await client().getQuote({
    user: wallet(3).account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_OUTPUT",
    txs: [{ to: target, data: "0x", value: parseEther("0.1").toString() }],
  });
  await executeSteps(client(), { quote, wallet: wallet(3), checkIntervalMs: 20 });
  const final = await waitForStatus(client(), { requestId: quote.requestId as string, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(final.txHashes).toHaveLength(2);
  expect(await publicClient(destination().rpcUrl).getBalance({ address: target })).toBe(parseEther("0.1"));
  expect(await publicClient(destination().rpcUrl).getBalance({ address: recipient })).toBe(parseEther("0.4"));
});

describe("failure and refund", () => {
  const quoteNative = (options: { ttl?: number; txs?: { to: Address; data: Hex }[] } = {}) =>
    client().getQuote({
      user: wallet(4).account.address,
      recipient: freshAddress(),
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("0.2").toString(),
      tradeType: "EXACT_INPUT",
      ...options,
    });

  test("one wei short: refunded in full with DEPOSITED_AMOUNT_TOO_LOW_TO_FILL", async () => {
    const quote = await quoteNative();
    const requestId = quote.requestId as Hex;
    const inTx = await depositNative(4, requestId, parseEther("0.2") - 1n);
    const final = await waitUntil(requestId, (s) => s === "refund");
    expect(final).toMatchObject({
      failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      refundFailReason: "N/A",
      inTxHashes: [inTx],
    });
    const refundHash = final.txHashes?.[0] as Hex;
    const refundTx = await publicClient(origin().rpcUrl).getTransactionReceipt({ hash: refundHash });
    expect(refundTx.status).toBe("success");
    expect(final.details).toMatchObject({
      refund: { chainId: origin().chainId, amount: (parseEther("0.2") - 1n).toString() },
    });
    // No refundTo in the quote: refunds go to the recipient (then the user), not to whoever deposited.
    expect((final.details as { refund: { recipient: string } }).refund.recipient).toBe(
      quote.details?.recipient,
    );
    await receiver.waitFor(() => statusesOf(receiver, requestId).length === 2);
    expect(statusesOf(receiver, requestId)).toEqual(["pending", "refund"]);
  });

  test("the exact amount fills, one wei more fills and refunds the excess", async () => {
    const quote = await quoteNative();
    const requestId = quote.requestId as Hex;
    await depositNative(4, requestId, parseEther("0.2") + 1n);
    const final = await waitUntil(requestId, (s) => s === "success");
    await devnet().idle();
    expect((await status(requestId)).details).toMatchObject({ excessRefund: { amount: "1" } });
    expect(final.failReason).toBe("N/A");
  });

  test("ttl passed before the deposit: TTL_EXPIRED refund", async () => {
    const quote = await quoteNative({ ttl: 1 });
    // The solver's clock a minute on, not a real wait: the 1-second ttl has passed when the deposit comes.
    ahead = 60_000;
    onTestFinished(() => {
      ahead = 0;
    });
    await depositNative(4, quote.requestId as Hex, parseEther("0.2"));
    const final = await waitUntil(quote.requestId as string, (s) => s === "refund");
    expect(final.failReason).toBe("TTL_EXPIRED");
  });

  test("a second deposit for an id is refunded as DOUBLE_SPEND under a linked request", async () => {
    const quote = await quoteNative();
    const requestId = quote.requestId as Hex;
    await depositNative(4, requestId, parseEther("0.2"));
    await waitUntil(requestId, (s) => s === "success");
    const second = await depositNative(4, requestId, parseEther("0.2"));
    // Indexed at once through the endpoint (the poll would find it too).
    const indexed = await fetch(`${devnet().url}/transactions/index`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chainId: origin().chainId, txHash: second }),
    });
    expect(indexed.status).toBe(200);
    expect(await indexed.json()).toMatchObject({
      deposits: [{ requestId, amount: parseEther("0.2").toString() }],
    });
    await devnet().idle();
    const original = await status(requestId);
    expect(original.status).toBe("success");
    const duplicate = (original.details as { duplicateDeposits: Hex[] }).duplicateDeposits[0] as Hex;
    const refunded = await waitUntil(duplicate, (s) => s === "refund");
    expect(refunded).toMatchObject({
      failReason: "DOUBLE_SPEND",
      inTxHashes: [second],
      details: { originalRequestId: requestId },
    });
    // Refunded to the refund address of the request it duplicates, not to the depositor.
    const refundRecipient = (refunded.details as { refund: { recipient: string } }).refund.recipient;
    expect(refundRecipient).toBe(quote.details?.recipient);
    expect(refundRecipient).not.toBe(wallet(4).account.address);
    // The duplicate belongs to the same API key: its owner hears about it.
    await receiver.waitFor(() => statusesOf(receiver, duplicate).length === 2);
    expect(statusesOf(receiver, duplicate)).toEqual(["pending", "refund"]);
  });

  test("a deposit for an id no quote knows is refunded (ORPHANED_DEPOSIT_REFUND); a zero deposit cannot be", async () => {
    const unknown = `0x${"5a".repeat(32)}` as Hex;
    await depositNative(5, unknown, parseEther("0.01"));
    const refunded = await waitUntil(unknown, (s) => s === "refund");
    expect(refunded).toMatchObject({ failReason: "ORPHANED_DEPOSIT_REFUND" });
    // No quote, no refund address: the depositor gets it back.
    expect(refunded.details).toMatchObject({ refund: { recipient: wallet(5).account.address } });
    const empty = `0x${"00".repeat(31)}77` as Hex;
    await depositNative(5, empty, 0n);
    expect(await waitUntil(empty, (s) => s === "failure")).toMatchObject({
      status: "failure",
      failReason: "ORPHANED_DEPOSIT_REFUND",
      refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND",
    });
  });

  test("a destination call that reverts: failure, then refund, with the revert in details", async () => {
    const reverting = encodeFunctionData({
      abi: devnetTokenAbi,
      functionName: "transferFrom",
      args: [wallet(0).account.address, freshAddress(), 1n],
    });
    const quote = await quoteNative({ txs: [{ to: destination().contracts.token, data: reverting }] });
    const requestId = quote.requestId as Hex;
    await depositNative(4, requestId, parseEther("0.2"));
    const final = await waitUntil(requestId, (s) => s === "refund");
    // The token's error is revert data: the live service's EXECUTION_REVERTED, not UNKNOWN.
    expect(final.failReason).toBe("EXECUTION_REVERTED");
    expect(final.details).toMatchObject({ revert: { index: 0, to: destination().contracts.token } });
    await receiver.waitFor(() => statusesOf(receiver, requestId).length === 3);
    expect(statusesOf(receiver, requestId)).toEqual(["pending", "failure", "refund"]);
  });
});

test("a webhook receiver that fails the first 9 deliveries of each event gets it on the 10th", async () => {
  const c = client(flakyKey);
  const quote = await c.getQuote({
    user: wallet(6).account.address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.requestId as string;
  await executeSteps(c, { quote, wallet: wallet(6), checkIntervalMs: 20 });
  await flaky.waitFor(() => statusesOf(flaky, requestId).length === 3, 30_000);
  expect(statusesOf(flaky, requestId)).toEqual(["pending", "submitted", "success"]);
  const ids = [...new Set(flaky.received.map((delivery) => String(delivery.headers["x-event-id"])))];
  for (const id of ids) {
    const attempts = flaky.received.filter((delivery) => delivery.headers["x-event-id"] === id);
    expect(attempts.map((delivery) => delivery.answered)).toEqual([...Array(9).fill(503), 200]);
    expect(attempts.map((delivery) => delivery.headers["x-event-attempt"])).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    // Every retry carries the same body: the event id lets the receiver drop duplicates.
    expect(new Set(attempts.map((delivery) => delivery.rawBody)).size).toBe(1);
  }
});

test("200 concurrent requests all reach success and every webhook is delivered once, in order", async () => {
  const count = 200;
  const lanes = 10;
  const c = client();
  const quotes = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      c.getQuote({
        user: (devnet().info.testAccounts[i % lanes] as { address: Address }).address,
        recipient: freshAddress(),
        originChainId: origin().chainId,
        destinationChainId: destination().chainId,
        originCurrency: nativeCurrencyAddress,
        destinationCurrency: nativeCurrencyAddress,
        amount: (parseEther("0.001") + BigInt(i)).toString(),
        tradeType: "EXACT_INPUT",
      }),
    ),
  );
  const ids = quotes.map((quote) => quote.requestId as Hex);
  // One lane per account: each account's transactions go out one after the other (nonces).
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const account = wallet(lane);
      for (let i = lane; i < count; i += lanes) {
        const data = quotes[i]?.steps[0]?.items[0]?.data as { to: Address; data: Hex; value: string };
        await account.sendTransaction({
          chain: null,
          to: data.to,
          data: data.data,
          value: BigInt(data.value),
        });
      }
    }),
  );
  const finals = await Promise.all(ids.map((requestId) => waitForStatus(c, { requestId, intervalMs: 50 })));
  expect(finals.map((final) => final.status)).toEqual(Array(count).fill("success"));
  await receiver.waitFor(
    () => ids.every((requestId) => statusesOf(receiver, requestId).length === 3),
    30_000,
  );
  for (const requestId of ids)
    expect(statusesOf(receiver, requestId)).toEqual(["pending", "submitted", "success"]);
  // The receiver may have the last event before the outbox has read its answer.
  await devnet().idle();
  expect(
    devnet()
      .webhookDeliveries()
      .filter((delivery) => delivery.state !== "delivered"),
  ).toEqual([]);
});

test("no transition outside the table was attempted", () => {
  expect(logs.filter((line) => line.startsWith("refused"))).toEqual([]);
});

// Leniency of the status query and of POST /transactions/index, as the live service (and the
// official SDK with `source` set and a block time) needs it: `referrer` accepted, unknown query
// parameters and body fields ignored, `chainId` as a string, and a transaction sent but not mined
// yet accepted and indexed once its block comes. The depository scan of this devnet runs every
// 10 minutes only, so a fill can only come from the indexing call.
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { ApiError } from "../../attestkit/src/client/errors/request.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet } = useDevnet({ blockTimeMs: 400, indexIntervalMs: 600_000 });

const referrer = "app.example";

async function quoteAndSend(accountIndex: number) {
  const client = createClient({ network: { baseUrl: devnet().url } });
  const account = privateKeyToAccount(
    (devnet().info.testAccounts[accountIndex] as { privateKey: Hex }).privateKey,
  );
  const [origin, destination] = devnet().info.chains as [
    Devnet["info"]["chains"][number],
    Devnet["info"]["chains"][number],
  ];
  const quote = await client.getQuote({
    user: account.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    referrer,
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const data = quote.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const txHash = await wallet.sendTransaction({
    chain: null,
    to: data.to,
    data: data.data,
    value: BigInt(data.value),
  });
  return { client, requestId, txHash, origin };
}

test("default: a deposit not mined yet is accepted, then indexed and filled once its block comes", async () => {
  const { client, requestId, txHash, origin } = await quoteAndSend(1);
  // Sent a moment ago, the next block is up to 400 ms away: not mined yet.
  const answer = await client.indexTransaction({
    chainId: String(origin.chainId),
    txHash,
    requestId,
    referrer,
  });
  expect(answer).toEqual({ message: "Transaction not mined yet: it will be indexed once it is in a block" });
  expect(await client.getStatus({ requestId, referrer })).toMatchObject({ status: "waiting", referrer });
  const final = await waitForStatus(client, { requestId, intervalMs: 50 });
  expect(final).toMatchObject({ status: "success", inTxHashes: [txHash] });
  // Mined now: indexing it again answers with its deposit (handed to the solver only once).
  expect(await client.indexTransaction({ chainId: origin.chainId, txHash })).toMatchObject({
    message: "Transaction indexed",
    deposits: [{ requestId, amount: "1000000000000000" }],
  });
});

test("unknown query parameters and body fields are ignored, as the live service does", async () => {
  const { requestId, txHash, origin } = await quoteAndSend(2);
  const status = await fetch(
    `${devnet().url}/intents/status/v3?requestId=${requestId}&referrer=${referrer}&utm_source=x`,
  );
  expect(status.status).toBe(200);
  expect(await status.json()).toMatchObject({ requestId, referrer });
  const indexed = await fetch(`${devnet().url}/transactions/index`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      chainId: String(origin.chainId),
      txHash,
      referrer,
      source: "sdk",
      extra: { a: 1 },
    }),
  });
  expect(indexed.status).toBe(200);
  // Known fields are still checked: a referrer that is not a string, a missing request id.
  const badReferrer = await fetch(`${devnet().url}/transactions/index`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chainId: origin.chainId, txHash, referrer: 5 }),
  });
  expect(badReferrer.status).toBe(400);
  expect(await badReferrer.json()).toMatchObject({ errorCode: "INVALID_REQUEST" });
  const noId = await fetch(`${devnet().url}/intents/status/v3?referrer=${referrer}`);
  expect(noId.status).toBe(400);
  expect(await noId.json()).toMatchObject({ code: "INVALID_REQUEST_ID" });
});

test("a transaction the chain has never seen is still 404 TRANSACTION_NOT_FOUND", async () => {
  const client = createClient({ network: { baseUrl: devnet().url }, retry: false });
  const error = await client
    .indexTransaction({ chainId: "31337", txHash: `0x${"ef".repeat(32)}`, referrer })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404 });
});

// The official SDK (@relayprotocol/relay-sdk 7.0.3, unchanged) on same-chain requests: a swap is
// self-executed (the SDK sends the quote's own transactions and posts each to /transactions/single,
// which confirms the request), and a same-chain permit quote goes through the solver (the SDK signs
// the EIP-3009 authorization and posts it; the devnet's execute API takes the deposit: `depositing`).
import { createClient, getClient, LogLevel } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import { type Address, createWalletClient, http, parseEther, parseUnits, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect, test } from "vitest";
import { waitForStatus } from "../../packages/attestkit/src/client/actions/waitForStatus.js";
import { useDevnet } from "../support/devnetHarness.js";

const { devnet, origin, account, client, usdcOf, reader: readerOf } = useDevnet();
const reader = () => readerOf(origin());
const statusOf = (requestId: string) => waitForStatus(client(), { requestId, intervalMs: 20 });

beforeAll(async () => {
  createClient({
    baseApiUrl: devnet().url,
    source: "attestkit-sdk-test.example",
    pollingInterval: 100,
    maxPollingAttemptsBeforeTimeout: 300,
    logLevel: LogLevel.None,
  });
  await configureDynamicChains();
});

/** An SDK quote on the origin chain alone, from test account `payerIndex` to a fresh recipient. */
async function sameChainQuote(
  payerIndex: number,
  {
    currency,
    toCurrency,
    amount,
    options,
  }: { currency: Address; toCurrency: Address; amount: bigint; options?: { usePermit: boolean } },
) {
  const payer = account(payerIndex);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({
    account: payer,
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: origin().chainId,
    currency,
    toCurrency,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
    ...(options ? { options } : {}),
  });
  return { payer, recipient, wallet, quote };
}

test("default: a same-chain swap is self-executed: the SDK sends the swap and reports it; success", async () => {
  const { recipient, wallet, quote } = await sameChainQuote(1, {
    currency: zeroAddress,
    toCurrency: origin().contracts.token,
    amount: parseEther("0.5"),
  });
  expect(quote.steps.map((step) => step.id)).toEqual(["swap"]);
  expect(quote.details?.operation).toBe("swap");
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const requestId = quote.steps[0]?.requestId as string;
  const final = await statusOf(requestId);
  expect(final.status).toBe("success");
  expect(final.inTxHashes).toEqual(final.txHashes);
  expect(await usdcOf(origin(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount ?? "-1"));
});

test("a same-chain token swap: the SDK approves the router, then swaps; the approval's report changes nothing", async () => {
  const { recipient, wallet, quote } = await sameChainQuote(2, {
    currency: origin().contracts.token,
    toCurrency: zeroAddress,
    amount: parseUnits("300", 6),
  });
  expect(quote.steps.map((step) => step.id)).toEqual(["approve", "swap"]);
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const final = await statusOf(quote.steps[1]?.requestId as string);
  expect(final.status).toBe("success");
  expect(await reader().getBalance({ address: recipient })).toBe(
    BigInt(quote.details?.currencyOut?.amount ?? "-1"),
  );
});

test("a same-chain permit quote goes through the solver: the SDK signs and posts it; depositing, then filled", async () => {
  const nonce = await reader().getTransactionCount({ address: account(3).address });
  const { payer, recipient, wallet, quote } = await sameChainQuote(3, {
    currency: origin().contracts.token,
    toCurrency: zeroAddress,
    amount: parseUnits("30", 6),
    options: { usePermit: true },
  });
  expect(quote.steps.map((step) => [step.id, step.kind])).toEqual([["authorize", "signature"]]);
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const requestId = quote.steps[0]?.requestId as string;
  expect((await statusOf(requestId)).status).toBe("success");
  const inspected = (await fetch(`${devnet().url}/devnet/requests/${requestId}`).then((response) =>
    response.json(),
  )) as { history: { status: string }[] };
  expect(inspected.history.map((change) => change.status)).toEqual([
    "waiting",
    "depositing",
    "pending",
    "submitted",
    "success",
  ]);
  expect(await reader().getBalance({ address: recipient })).toBe(
    BigInt(quote.details?.currencyOut?.amount ?? "-1"),
  );
  expect(await reader().getTransactionCount({ address: payer.address })).toBe(nonce);
});

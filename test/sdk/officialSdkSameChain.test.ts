// The official SDK (@relayprotocol/relay-sdk 7.0.3, unchanged) on same-chain requests: a swap is
// self-executed (the SDK sends the quote's own transactions and posts each to /transactions/single,
// which confirms the request), and a same-chain permit quote goes through the solver (the SDK signs
// the EIP-3009 authorization and posts it; the devnet's execute API takes the deposit: `depositing`).
import { createClient, getClient, LogLevel } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { waitForStatus } from "../../src/client/actions/waitForStatus.js";
import { createClient as createAttestkitClient } from "../../src/client/createClient.js";
import { createDevnet, type Devnet } from "../../src/devnet/createDevnet.js";

let devnet: Devnet;
type Chain = Devnet["info"]["chains"][number];
const origin = () => devnet.info.chains[0] as Chain;
const account = (index: number) =>
  privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey);
const reader = () => createPublicClient({ transport: http(origin().rpcUrl) });
const usdcOf = (owner: Address) =>
  reader().readContract({
    address: origin().contracts.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
const statusOf = (requestId: string) =>
  waitForStatus(createAttestkitClient({ network: { baseUrl: devnet.url } }), { requestId, intervalMs: 20 });

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, log: () => {} });
  createClient({
    baseApiUrl: devnet.url,
    source: "attestkit-sdk-test.example",
    pollingInterval: 100,
    maxPollingAttemptsBeforeTimeout: 300,
    logLevel: LogLevel.None,
  });
  await configureDynamicChains();
});

afterAll(async () => {
  await devnet?.stop();
});

test("default: a same-chain swap is self-executed: the SDK sends the swap and reports it; success", async () => {
  const payer = account(1);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({ account: payer, transport: http(origin().rpcUrl) });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: origin().chainId,
    currency: zeroAddress,
    toCurrency: origin().contracts.token,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
  });
  expect(quote.steps.map((step) => step.id)).toEqual(["swap"]);
  expect(quote.details?.operation).toBe("swap");
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const requestId = quote.steps[0]?.requestId as string;
  const final = await statusOf(requestId);
  expect(final.status).toBe("success");
  expect(final.inTxHashes).toEqual(final.txHashes);
  expect(await usdcOf(recipient)).toBe(BigInt(quote.details?.currencyOut?.amount ?? "-1"));
});

test("a same-chain token swap: the SDK approves the router, then swaps; the approval's report changes nothing", async () => {
  const payer = account(2);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({ account: payer, transport: http(origin().rpcUrl) });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: origin().chainId,
    currency: origin().contracts.token,
    toCurrency: zeroAddress,
    amount: parseUnits("300", 6).toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
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
  const payer = account(3);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({ account: payer, transport: http(origin().rpcUrl) });
  const nonce = await reader().getTransactionCount({ address: payer.address });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: origin().chainId,
    currency: origin().contracts.token,
    toCurrency: zeroAddress,
    amount: parseUnits("30", 6).toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
    options: { usePermit: true },
  });
  expect(quote.steps.map((step) => [step.id, step.kind])).toEqual([["authorize", "signature"]]);
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const requestId = quote.steps[0]?.requestId as string;
  expect((await statusOf(requestId)).status).toBe("success");
  const inspected = (await fetch(`${devnet.url}/devnet/requests/${requestId}`).then((response) =>
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

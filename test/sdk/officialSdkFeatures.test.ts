// The official SDK (@relayprotocol/relay-sdk 7.0.3, unchanged) on the devnet's features, set up as
// its documentation tells a user: a permit quote (usePermit) is executed by signing the EIP-3009
// authorization and posting it; app fees earned by a quote appear in getAppFees and are claimed
// with claimAppFees (a signature step), paid on chain; a deposit-address quote (useDepositAddress) is
// executed by a plain transfer to the request's own address, swept and filled.
import { createClient, getClient, LogLevel } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import { createPublicClient, createWalletClient, http, parseEther, parseUnits, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect, test } from "vitest";
import { useDevnet } from "../support/devnetHarness.js";

const { devnet, origin, destination, account, usdcOf } = useDevnet();

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

test("default: usePermit: the SDK signs the eip712 authorization and posts it; the payer sends no transaction", async () => {
  const payer = account(1);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({
    account: payer,
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const originClient = createPublicClient({ transport: http(origin().rpcUrl) });
  const nonce = await originClient.getTransactionCount({ address: payer.address });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: destination().chainId,
    currency: origin().contracts.token,
    toCurrency: destination().contracts.token,
    amount: parseUnits("20", 6).toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
    options: { usePermit: true },
  });
  expect(quote.steps.map((step) => [step.id, step.kind])).toEqual([["authorize", "signature"]]);
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  await devnet().idle();
  expect(await usdcOf(destination(), recipient)).toBe(BigInt(quote.details?.currencyOut?.amount ?? "-1"));
  expect(await originClient.getTransactionCount({ address: payer.address })).toBe(nonce);
});

test("useDepositAddress: the SDK sends the transfer to the request's deposit address; swept and filled", async () => {
  const payer = account(3);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = createWalletClient({
    account: payer,
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: destination().chainId,
    currency: zeroAddress,
    toCurrency: zeroAddress,
    amount: parseEther("0.05").toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient,
    options: { useDepositAddress: true, refundTo: payer.address },
  });
  const [step] = quote.steps;
  const depositAddress = (step as { depositAddress?: string } | undefined)?.depositAddress;
  expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // The transfer goes to the deposit address itself: no depository call, no calldata.
  expect(step?.items?.[0]?.data).toMatchObject({ to: depositAddress, data: "0x" });
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  await devnet().idle();
  const destinationClient = createPublicClient({ transport: http(destination().rpcUrl) });
  expect(await destinationClient.getBalance({ address: recipient })).toBe(
    BigInt(quote.details?.currencyOut?.amount ?? "-1"),
  );
});

test("app fees: earned through an SDK quote, listed by getAppFees, claimed with claimAppFees", async () => {
  const app = privateKeyToAccount(generatePrivateKey());
  const payer = account(2);
  const wallet = createWalletClient({
    account: payer,
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: destination().chainId,
    currency: origin().contracts.token,
    toCurrency: destination().contracts.token,
    amount: parseUnits("100", 6).toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient: payer.address,
    options: { appFees: [{ recipient: app.address, fee: "100" }] },
  });
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  await devnet().idle();
  const balances = await getClient().actions.getAppFees({ wallet: app.address });
  expect(balances).toMatchObject([
    { amount: "1000000", currency: { symbol: "USDC", chainId: origin().chainId } },
  ]);

  const appWallet = createWalletClient({
    account: app,
    transport: http(destination().rpcUrl),
    pollingInterval: 50,
  });
  const to = privateKeyToAccount(generatePrivateKey()).address;
  await getClient().actions.claimAppFees({
    wallet: appWallet,
    chainId: destination().chainId,
    currency: destination().contracts.token,
    recipient: to,
  });
  expect(await usdcOf(destination(), to)).toBe(1_000_000n);
  expect(await getClient().actions.getAppFees({ wallet: app.address })).toEqual([]);
});

// The official SDK (@relayprotocol/relay-sdk 7.0.3) and its Bitcoin wallet adapter
// (@relayprotocol/relay-bitcoin-wallet-adapter 18.0.1), both unchanged, against the devnet:
// - the SDK's other routes, `/requests/v2`, `/config/v2`, `/currencies/v2`, called with the SDK's own
//   axios and typed with the SDK's own `paths` (7.0.3 lists them in its routes and types but has no
//   action calling them; relay-kit-hooks, a React package, does);
// - Bitcoin-origin `execute` through the adapter: the SDK quotes, the adapter signs the PSBT with the
//   signer it is given, finalizes it and broadcasts it. The adapter broadcasts to mempool.space's
//   mainnet API, a URL written into it: the test points that one URL at the devnet's Esplora API (an
//   axios interceptor on the SDK's exported axios) and mines the block the deposit waits for there;
// - EVM -> Bitcoin and the exchange origin's quote through the SDK (an exchange-origin `execute` needs a
//   Lighter wallet adapter, which the registry does not have).
import { adaptBitcoinWallet } from "@relayprotocol/relay-bitcoin-wallet-adapter";
import { axios, createClient, getClient, LogLevel, type paths } from "@relayprotocol/relay-sdk";
import { configureDynamicChains } from "@relayprotocol/relay-sdk/chain-utils";
import { createPublicClient, createWalletClient, type Hex, http, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { bitcoin } from "../../packages/attestkit/src/chains/bitcoin/constants.js";
import { externalExchange } from "../../packages/attestkit/src/chains/exchange/constants.js";
import { signPsbt } from "../../packages/devnet/src/bitcoin/signPsbt.js";
import { createDevnet, type Devnet } from "../../packages/devnet/src/createDevnet.js";

/** The 200 body of a route, as the SDK's own types (`paths`) give it. */
type Json<path extends keyof paths, method extends string> =
  paths[path] extends Record<method, { responses: { 200: { content: { "application/json": infer body } } } }>
    ? body
    : never;

/** The quote's `protocol.v2`, which the SDK's `Execute` type does not name (it keeps the field). */
const protocolOf = (quote: object) =>
  (quote as { protocol?: { v2?: { orderId?: string; orderData?: unknown; paymentDetails?: unknown } } })
    .protocol?.v2;

let devnet: Devnet;
type Chain = Devnet["info"]["chains"][number];
const origin = () => devnet.info.chains[0] as Chain;
const destination = () => devnet.info.chains[1] as Chain;
const account = (index: number) =>
  privateKeyToAccount((devnet.info.testAccounts[index] as { privateKey: Hex }).privateKey);
const broadcasts: string[] = [];

beforeAll(async () => {
  devnet = await createDevnet({ port: 0, bitcoinBlockTimeMs: 0, log: () => {} });
  createClient({
    baseApiUrl: devnet.url,
    source: "attestkit-sdk-test.example",
    pollingInterval: 50,
    maxPollingAttemptsBeforeTimeout: 400,
    logLevel: LogLevel.None,
  });
  await configureDynamicChains();
  // The adapter's broadcast URL (mempool.space mainnet) points at the devnet's Esplora API instead;
  // once it is accepted, the block the deposit waits for is mined.
  axios.interceptors.request.use((config) => {
    if (config.url === "https://mempool.space/api/tx") {
      broadcasts.push(String(config.data));
      config.url = `${devnet.info.bitcoin.esploraUrl}/tx`;
      config.headers.set("content-type", "text/plain");
    }
    return config;
  });
  axios.interceptors.response.use((response) => {
    if (response.config.url === `${devnet.info.bitcoin.esploraUrl}/tx`) devnet.bitcoin.mine();
    return response;
  });
});

afterAll(async () => {
  await devnet?.stop();
});

test("default: GET /requests/v2 in the SDK's shape finds a request the SDK executed", async () => {
  const payer = account(2);
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
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient: payer.address,
  });
  await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  const response = await axios.get<Json<"/requests/v2", "get">>(`${devnet.url}/requests/v2`, {
    params: { user: payer.address, includeOrderData: true },
  });
  const [request] = response.data.requests ?? [];
  expect(request).toMatchObject({
    id: quote.steps[0]?.requestId,
    status: "success",
    user: payer.address,
    data: {
      currency: "eth",
      inTxs: [{ chainId: origin().chainId }],
      outTxs: [{ chainId: destination().chainId }],
    },
    protocol: { orderId: protocolOf(quote)?.orderId },
  });
  expect(request?.data?.inTxs?.[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(request?.orderData).toEqual(protocolOf(quote)?.orderData);
});

test("GET /config/v2 and POST /currencies/v2 in the SDK's shapes", async () => {
  const config = await axios.get<Json<"/config/v2", "get">>(`${devnet.url}/config/v2`, {
    params: {
      originChainId: String(origin().chainId),
      destinationChainId: String(bitcoin.chainId),
      user: account(4).address,
    },
  });
  expect(config.data).toMatchObject({
    enabled: true,
    user: { balance: parseEther("10000").toString() },
    solver: { address: devnet.info.bitcoin.solver.address },
    supportsExternalLiquidity: false,
  });
  const currencies = await axios.post<Json<"/currencies/v2", "post">>(`${devnet.url}/currencies/v2`, {
    chainIds: [bitcoin.chainId, externalExchange.chainId],
  });
  expect(currencies.data.map(({ chainId, symbol, vmType }) => ({ chainId, symbol, vmType }))).toEqual([
    { chainId: bitcoin.chainId, symbol: "BTC", vmType: "bvm" },
    { chainId: externalExchange.chainId, symbol: "USDC (Perp)", vmType: "lvm" },
  ]);
});

test("Bitcoin origin: the SDK quotes, the Bitcoin wallet adapter signs and broadcasts the PSBT; success", async () => {
  const btc = devnet.info.bitcoin.testWallets[3] as { p2wpkhAddress: string; privateKey: string };
  const recipient = account(5).address;
  // The wallet's signer, as a browser wallet would be: it gets the adapter's PSBT, signs every input
  // with the test key, and hands back base64 (the adapter finalizes and broadcasts).
  const adapted = adaptBitcoinWallet(btc.p2wpkhAddress, async (_address, psbt) => {
    return signPsbt({ psbt: psbt.toBase64(), privateKey: btc.privateKey }).psbtBase64;
  });
  const quote = await getClient().actions.getQuote({
    chainId: bitcoin.chainId,
    toChainId: destination().chainId,
    currency: bitcoin.nativeCurrency,
    toCurrency: zeroAddress,
    amount: "200000",
    tradeType: "EXACT_INPUT",
    wallet: adapted,
    user: btc.p2wpkhAddress,
    recipient,
  });
  expect(quote.steps[0]?.items?.[0]?.data).toHaveProperty("psbt");
  const before = await createPublicClient({ transport: http(destination().rpcUrl) }).getBalance({
    address: recipient,
  });
  const { data } = await getClient().actions.execute({ quote, wallet: adapted, onProgress: () => {} });
  const item = data.steps[0]?.items?.[0];
  // The adapter's broadcast: its txid is the deposit the devnet indexed.
  expect(item?.status).toBe("complete");
  expect(broadcasts).toHaveLength(1);
  const requestId = quote.steps[0]?.requestId as string;
  // The SDK does not wait for Bitcoin confirmations (the adapter has none to give): the devnet is
  // followed until the fill of the block-confirmed deposit is done.
  await devnet.idle();
  const status = (await (await fetch(`${devnet.url}/intents/status/v3?requestId=${requestId}`)).json()) as {
    status: string;
    inTxHashes: string[];
  };
  expect(status.status).toBe("success");
  expect(item?.txHashes?.map((entry) => entry.txHash)).toEqual(status.inTxHashes);
  const after = await createPublicClient({ transport: http(destination().rpcUrl) }).getBalance({
    address: recipient,
  });
  expect(after - before).toBe(BigInt(quote.details?.currencyOut?.amount as string));
});

test("EVM -> Bitcoin through the SDK: the deposit step, then the status at submitted (the SDK stops there for Bitcoin)", async () => {
  const payer = account(6);
  const wallet = createWalletClient({
    account: payer,
    transport: http(origin().rpcUrl),
    pollingInterval: 50,
  });
  const quote = await getClient().actions.getQuote({
    chainId: origin().chainId,
    toChainId: bitcoin.chainId,
    currency: zeroAddress,
    toCurrency: bitcoin.nativeCurrency,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    wallet,
    user: payer.address,
    recipient: (devnet.info.bitcoin.testWallets[4] as { p2wpkhAddress: string }).p2wpkhAddress,
  });
  const { data } = await getClient().actions.execute({ quote, wallet, onProgress: () => {} });
  expect(["submitted", "success"]).toContain(data.steps.at(-1)?.items?.[0]?.checkStatus);
});

test("exchange origin: the SDK's quote carries the transfer action and protocol.v2 (execute needs a Lighter adapter)", async () => {
  const sender = devnet.info.exchange.testAccounts[5] as { accountIndex: number };
  const quote = await getClient().actions.getQuote({
    chainId: externalExchange.chainId,
    toChainId: destination().chainId,
    currency: externalExchange.currency,
    toCurrency: destination().contracts.token,
    amount: "5000000",
    tradeType: "EXACT_INPUT",
    user: String(sender.accountIndex),
    recipient: account(7).address,
  });
  expect(quote.steps[0]?.items?.[0]?.data).toMatchObject({
    action: { type: "transfer", parameters: { toAccountIndex: devnet.info.exchange.relayerAccountIndex } },
  });
  expect(protocolOf(quote)?.paymentDetails).toMatchObject({
    depository: String(devnet.info.exchange.relayerAccountIndex),
  });
  expect(quote).toHaveProperty("feeSponsorship");
});

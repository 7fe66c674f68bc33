// GET /requests/v3 through the client's getRequests, against a devnet with real payments: the live
// shape, every filter the devnet keeps data for, keyset pagination, the API key rules.
import { createWalletClient, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { ApiError } from "../../attestkit/src/client/errors/request.js";
import { responseSchemas } from "../../attestkit/src/schemas/responses.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet } = useDevnet();
/** When the file started, before any of its requests was made, in Unix seconds. */
const fileStarted = Math.floor(Date.now() / 1000);
const clientA = () => createClient({ network: { baseUrl: devnet().url }, apiKey: "key-a", retry: false });
const clientB = () => createClient({ network: { baseUrl: devnet().url }, apiKey: "key-b", retry: false });
type Paid = { requestId: Hex; depositHash: Hex; txHashes: string[]; status: string };
const paid: Paid[] = [];
let refunded: Paid;
let waitingId: Hex;
const payer = () => privateKeyToAccount((devnet().info.testAccounts[5] as { privateKey: Hex }).privateKey);
const recipient = () => (devnet().info.testAccounts[6] as { address: Hex }).address;

async function pay({ short = false, apiKeyOf = clientA } = {}): Promise<Paid> {
  const client = apiKeyOf();
  const [origin, destination] = devnet().info.chains as [
    Devnet["info"]["chains"][number],
    Devnet["info"]["chains"][number],
  ];
  const quote = await client.getQuote({
    user: payer().address,
    recipient: recipient(),
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    referrer: apiKeyOf === clientA ? "app-a" : "app-b",
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const data = quote.steps[0]?.items[0]?.data as { to: Hex; data: Hex; value: string };
  const wallet = createWalletClient({
    account: payer(),
    transport: http(origin.rpcUrl),
    pollingInterval: 50,
  });
  const depositHash = await wallet.sendTransaction({
    chain: null,
    to: data.to,
    data: data.data,
    value: BigInt(data.value) - (short ? 1n : 0n),
  });
  const final = await waitForStatus(client, { requestId, intervalMs: 25 });
  return { requestId, depositHash, txHashes: final.txHashes ?? [], status: final.status };
}

beforeAll(async () => {
  for (let i = 0; i < 3; i++) paid.push(await pay());
  paid.push(await pay({ apiKeyOf: clientB }));
  refunded = await pay({ short: true });
  const quote = await clientA().getQuote({
    user: (devnet().info.testAccounts[7] as { address: Hex }).address,
    originChainId: devnet().info.originChainId,
    destinationChainId: devnet().info.destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: devnet().info.chains[1]?.contracts.token as Hex,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  waitingId = quote.steps[0]?.requestId as Hex;
});

test("default: one request by id, in the live v3 shape", async () => {
  const [first] = paid as [Paid];
  const page = await clientA().getRequests({ id: first.requestId });
  expect(responseSchemas.requests.safeParse(page).success).toBe(true);
  expect(page.requests).toHaveLength(1);
  expect(page.continuation).toBeUndefined();
  const [record] = page.requests;
  expect(record).toMatchObject({
    id: first.requestId,
    status: "success",
    user: payer().address,
    sender: payer().address,
    recipient: recipient(),
    depositAddress: null,
    requestType: "Bridge",
    features: [],
    data: {
      failReason: null,
      refundFailReason: null,
      inTxs: [{ txHash: first.depositHash, chainId: devnet().info.originChainId, type: "onchain" }],
      outTxs: first.txHashes.map((txHash) => ({ txHash, chainId: devnet().info.destinationChainId })),
      route: {
        quoted: { origin: { inputCurrency: { amount: "1000000000000000", currency: { symbol: "ETH" } } } },
        actual: { rate: expect.any(String) },
      },
    },
    protocol: {
      hubType: "onchain",
      solver: { address: devnet().info.solver.address },
      deposit: {
        origin: {
          amount: "1000000000000000",
          depositor: payer().address,
          depository: devnet().info.chains[0]?.contracts.depository,
          transactionId: first.depositHash,
        },
      },
      settlement: { destination: { fills: [{ transactionId: first.txHashes[0] }], refunds: [] } },
    },
  });
  expect(record?.data?.inTxs?.[0]?.block).toEqual(expect.any(Number));
  // The quote's order: its id is what the deposit step paid under.
  const orderId = record?.protocol?.orderId as string;
  expect(orderId).toMatch(/^0x[0-9a-f]{64}$/);
  expect(orderId).not.toBe(first.requestId);
  expect(record?.protocol).toMatchObject({ deposit: { origin: { onchainId: orderId } } });
  expect((await clientA().getRequests({ orderId })).requests.map((r) => r.id)).toEqual([first.requestId]);
  expect((await clientA().getRequests({ term: orderId })).requests.map((r) => r.id)).toEqual([
    first.requestId,
  ]);
  expect(new Date(record?.createdAt ?? "").toISOString()).toBe(record?.createdAt);
  // Not authenticated data: no referrer.
  expect(record?.data).not.toHaveProperty("referrer");
});

test("no API key: 401", async () => {
  const error = await createClient({ network: { baseUrl: devnet().url }, retry: false })
    .getRequests({})
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401 });
});

describe("filters", () => {
  const ids = async (parameters: Parameters<ReturnType<typeof clientA>["getRequests"]>[0]) =>
    (await clientA().getRequests(parameters)).requests.map((record) => record.id);

  test("by user, recipient, transaction hashes and term", async () => {
    const mine = [...paid, refunded].map((entry) => entry.requestId).reverse();
    expect(await ids({ user: payer().address.toLowerCase() })).toEqual(mine);
    expect(await ids({ recipient: recipient() })).toEqual(mine);
    const [first, second] = paid as [Paid, Paid];
    expect(await ids({ depositTxHash: second.depositHash })).toEqual([second.requestId]);
    expect(await ids({ fillTxHash: first.txHashes[0] as string })).toEqual([first.requestId]);
    expect(await ids({ fillTxHash: first.depositHash })).toEqual([]);
    const refundHash = refunded.txHashes.at(-1) as string;
    expect(await ids({ refundTxHash: refundHash })).toEqual([refunded.requestId]);
    expect(await ids({ term: refundHash.toUpperCase().replace("0X", "0x") })).toEqual([refunded.requestId]);
    expect(await ids({ term: waitingId })).toEqual([waitingId]);
  });

  test("by status, reasons, chains, currencies, request type, API key", async () => {
    expect(await ids({ status: "refund" })).toEqual([refunded.requestId]);
    expect(await ids({ failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" })).toEqual([refunded.requestId]);
    expect(await ids({ status: "depositing" })).toEqual([]);
    expect(await ids({ requestType: "crosschain swap" })).toEqual([waitingId]);
    expect(await ids({ currencyOutSymbol: "usdc" })).toEqual([waitingId]);
    expect(await ids({ destinationChainId: devnet().info.originChainId })).toEqual([]);
    expect((await ids({ chainId: devnet().info.destinationChainId })).length).toBe(6);
    expect(await ids({ apiKey: "key-b" })).toEqual([paid[3]?.requestId]);
    // No devnet request has a deposit address or a feature.
    expect(await ids({ depositAddress: payer().address })).toEqual([]);
    expect(await ids({ features: "app_fees" })).toEqual([]);
  });

  test("ranges: time (Unix seconds), amount in USD, deposit block", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await ids({ startTimestamp: now + 60 })).toEqual([]);
    expect((await ids({ startTimestamp: fileStarted, endTimestamp: now + 60 })).length).toBe(6);
    // 0.001 ETH at $3,000 is $3.
    expect((await ids({ amountUsdMin: 2.5, amountUsdMax: "3.5" })).length).toBe(6);
    expect(await ids({ amountUsdMin: 3.5 })).toEqual([]);
    // The waiting request has no deposit, so no block.
    expect(await ids({ startBlock: 0 })).not.toContain(waitingId);
    expect((await ids({ startBlock: 0 })).length).toBe(5);
  });

  test("filter groups: OR between groups, not: negates, arrays are OR", async () => {
    const [first, second] = paid as [Paid, Paid];
    const filters = JSON.stringify([{ id: first.requestId }, { id: [second.requestId, waitingId] }]);
    expect((await ids({ filters })).sort()).toEqual([first.requestId, second.requestId, waitingId].sort());
    const notDone = JSON.stringify([{ "not:status": ["success", "refund"] }]);
    expect(await ids({ filters: notDone })).toEqual([waitingId]);
    for (const bad of ["{", "{}", '[{"startBlock":1}]', '[{"status":{}}]'])
      await expect(clientA().getRequests({ filters: bad })).rejects.toMatchObject({ status: 400 });
  });

  test("a referrer filter needs apiKey naming the caller's own key; authenticated data is the caller's", async () => {
    await expect(clientA().getRequests({ referrer: "app-a" })).rejects.toMatchObject({ status: 400 });
    await expect(clientA().getRequests({ referrer: "app-a", apiKey: "key-b" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      clientA().getRequests({ filters: JSON.stringify([{ referrer: "app-b" }]) }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await ids({ referrer: "app-a", apiKey: "key-a" })).length).toBe(4);
    const page = await clientA().getRequests({ user: payer().address, includeAuthenticatedData: true });
    const referrers = page.requests.map((record) => record.data?.referrer);
    // Newest first: the second is quoted with key-b's client, so its referrer is not for key-a.
    expect(referrers).toEqual(["app-a", undefined, "app-a", "app-a", "app-a"]);
    expect(page.requests[1]?.data).not.toHaveProperty("referrer");
  });

  test("app fees and fill time: none of these requests has app fees; the filled ones have a fill time", async () => {
    // The values themselves: test/requestsV3Fees.test.ts.
    expect((await ids({ appFeesAmountUsdMin: 0.01 })).length).toBe(0);
    expect((await ids({ user: payer().address, fillTimeMax: 600 })).sort()).toEqual(
      paid.map((p) => p.requestId).sort(),
    );
  });
});

describe("pagination", () => {
  test("continuation walks every match once, newest first; a request created meanwhile shifts nothing", async () => {
    const all = (await clientA().getRequests({ user: payer().address, includeTotal: true })).requests.map(
      (record) => record.id,
    );
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let page = await clientA().getRequests({ user: payer().address, limit: 2, includeTotal: true });
    expect(page.total).toBe(5);
    seen.push(...page.requests.map((record) => record.id));
    // A newer request appears between pages: it belongs before page 1, so page 2 is unchanged.
    await pay();
    while (page.continuation) {
      page = await clientA().getRequests({
        user: payer().address,
        limit: 2,
        continuation: page.continuation,
      });
      seen.push(...page.requests.map((record) => record.id));
    }
    expect(seen).toEqual(all);
    // Oldest first, by amount: the same set.
    const asc = await clientA().getRequests({ user: payer().address, sortDirection: "asc", limit: 50 });
    expect(asc.requests.map((record) => record.id).slice(0, 5)).toEqual([...all].reverse());
  });

  test("a continuation from another sort, or not from this service, is 400", async () => {
    const page = await clientA().getRequests({ limit: 1 });
    expect(page.continuation).toEqual(expect.any(String));
    await expect(
      clientA().getRequests({ limit: 1, sortBy: "updatedAt", continuation: page.continuation as string }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(clientA().getRequests({ continuation: "not-a-cursor" })).rejects.toMatchObject({
      status: 400,
    });
  });
});

// GET /requests/v3 on what a request was charged, against a devnet with real payments: data.fees,
// data.appFees and data.feeSponsorship (quoted, then actual once filled, with the sponsor's payment),
// and the filters that read them, appFeesAmountUsdMin/Max and fillTimeMin/Max.
import type { Hex } from "viem";
import { beforeAll, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";

const { devnet, origin, destination, account, wallet } = useDevnet();
const client = () =>
  createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
    apiKey: "fees-key",
    retry: false,
  });
let charged: Hex;
let plain: Hex;
let waiting: Hex;

/** A 100 USDC bridge, executed and waited for (`success`). */
async function bridge(
  extra: {
    appFees?: { recipient: Hex; fee: string }[];
    subsidizeFees?: boolean;
    sponsoredFeeComponents?: ("execution" | "swap" | "relay" | "app")[];
  } = {},
) {
  const quote = await client().getQuote({
    user: account(2).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "100000000",
    tradeType: "EXACT_INPUT",
    ...extra,
  });
  await executeSteps(client(), { quote, wallet: wallet(2), checkIntervalMs: 20 });
  const final = await waitForStatus(client(), { requestId: quote.requestId as Hex, intervalMs: 20 });
  expect(final.status).toBe("success");
  return quote.requestId as Hex;
}

beforeAll(async () => {
  charged = await bridge({
    appFees: [{ recipient: account(3).address, fee: "100" }],
    subsidizeFees: true,
    sponsoredFeeComponents: ["execution"],
  });
  await devnet().idle();
  plain = await bridge();
  const quote = await client().getQuote({
    user: account(4).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "100000000",
    tradeType: "EXACT_INPUT",
    appFees: [{ recipient: account(3).address, fee: "100" }],
  });
  waiting = quote.requestId as Hex;
});

const dataOf = async (id: Hex) =>
  (await client().getRequests({ id })).requests[0]?.data as Record<string, unknown> | undefined;

test("default: data.fees by component, quoted and actual, in the origin currency", async () => {
  const fees = (await dataOf(charged))?.fees;
  // 100 USDC: the service fee 10 bps, the relayer gas $0.01, the app fee 100 bps, the gas sponsored.
  const quoted = {
    swap: { usd: "0", amount: "0", amountFormatted: "0" },
    execution: { usd: "0.01", amount: "10000", amountFormatted: "0.01" },
    platform: { usd: "0.1", amount: "100000", amountFormatted: "0.1" },
    app: { usd: "1", amount: "1000000", amountFormatted: "1" },
    sponsored: { usd: "0.01", amount: "10000", amountFormatted: "0.01" },
  };
  expect(fees).toMatchObject({
    quoted,
    actual: quoted,
    currency: { chainId: origin().chainId, address: origin().contracts.token, symbol: "USDC" },
  });
});

test("data.appFees: each recipient's bps and share, quoted and actual", async () => {
  const appFees = (await dataOf(charged))?.appFees;
  const share = { recipient: account(3).address, bps: "100", amount: "1000000", amountFormatted: "1" };
  expect(appFees).toMatchObject({
    quoted: [share],
    actual: [{ ...share, amountUsd: "1" }],
    currency: { address: origin().contracts.token },
  });
  expect((await dataOf(plain))?.appFees).toBeNull();
  // Not filled yet: quoted, nothing actual.
  expect((await dataOf(waiting))?.appFees).toMatchObject({ quoted: [share], actual: [] });
  expect((await dataOf(waiting))?.fees).toMatchObject({
    quoted: { app: { amount: "1000000" } },
    actual: null,
  });
});

test("data.feeSponsorship: the selected buckets, and the sponsor's payment once filled", async () => {
  const sponsorship = (await dataOf(charged))?.feeSponsorship as Record<string, Record<string, unknown>>;
  const gas = { amount: "10000", amountFormatted: "0.01", amountUsd: "0.01", minimumAmount: "10000" };
  const zero = { amount: "0", amountFormatted: "0", amountUsd: "0", minimumAmount: "0" };
  expect(sponsorship.quoted).toMatchObject({
    selectedComponents: ["execution"],
    capHit: false,
    components: {
      execution: { selected: true, total: gas, sponsored: gas, userPays: zero },
      platform: { selected: false, sponsored: zero, userPays: { amount: "100000" } },
      app: { selected: false, userPays: { amount: "1000000" } },
      rent: { selected: false, total: zero },
    },
    sponsoredTotal: gas,
    userPaysTotal: { amount: "1100000" },
  });
  expect(sponsorship.actual).toMatchObject({
    selectedComponents: ["execution"],
    sponsorPayment: { amount: "10000", address: origin().contracts.token, chainId: origin().chainId },
  });
  expect((await dataOf(plain))?.feeSponsorship).toBeNull();
});

test("appFeesAmountUsdMin/Max bound the app fees in USD (none counts as 0)", async () => {
  const ids = async (query: Record<string, number>) =>
    (await client().getRequests({ originChainId: origin().chainId, ...query })).requests.map((r) => r.id);
  expect(await ids({ appFeesAmountUsdMin: 0.5 })).toEqual([waiting, charged]);
  expect(await ids({ appFeesAmountUsdMin: 1, appFeesAmountUsdMax: 1 })).toEqual([waiting, charged]);
  expect(await ids({ appFeesAmountUsdMin: 1.01 })).toEqual([]);
  expect(await ids({ appFeesAmountUsdMax: 0.5 })).toEqual([plain]);
});

test("fillTimeMin/Max bound the seconds from the deposit to success; a request not filled is out", async () => {
  const ids = async (query: Record<string, number>) =>
    (await client().getRequests({ originChainId: origin().chainId, ...query })).requests.map((r) => r.id);
  expect(await ids({ fillTimeMin: 0 })).toEqual([plain, charged]);
  expect(await ids({ fillTimeMax: 600 })).toEqual([plain, charged]);
  expect(await ids({ fillTimeMin: 600 })).toEqual([]);
});

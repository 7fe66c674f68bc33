import type { Address, Hex } from "viem";
import { expect, test } from "vitest";
import { apiUrl, currencies, depository, originToken, solver } from "../../../../test/support/devnetApi.js";
import { quotedRequest } from "../../../../test/support/devnetRequests.js";
import { responseSchemas } from "../../../attestkit/src/schemas/responses.js";
import type { DevnetCurrency } from "../quote/devnetCurrencies.js";
import type { DevnetRequest } from "../state/types.js";
import { renderRequestRecord, requestTransactions, requestTypeOf } from "./renderRequestRecord.js";

const hash = (byte: string) => `0x${byte.repeat(32)}` as Hex;
const [eth, usdc, ethOut] = currencies as [DevnetCurrency, DevnetCurrency, DevnetCurrency];

/** A request filled from 31337 to 31338: its deposit indexed at block 7, one fill. */
function filledRequest(patch: Partial<DevnetRequest> = {}): DevnetRequest {
  return quotedRequest({
    status: "success",
    amountIn: 10n ** 18n,
    amountOut: 99n * 10n ** 16n,
    inTxHashes: [hash("d1")],
    txHashes: [hash("f1")],
    deposit: {
      chainId: 31337,
      txHash: hash("d1"),
      logIndex: 0,
      blockNumber: 7n,
      from: "0x000000000000000000000000000000000000a5E1",
      currency: eth.address,
      amount: 10n ** 18n,
      id: hash("11"),
    },
    updatedAt: 1_000_500,
    ...patch,
  });
}

/** The refund the solver records: `amount` of ETH back to the user on the origin. */
const refund = (amount: string) => ({
  chainId: 31337,
  txHash: hash("e1"),
  currency: eth.address,
  amount,
  recipient: "0x000000000000000000000000000000000000Cafe",
});

const render = (request: DevnetRequest, authenticated = false) =>
  renderRequestRecord({
    request,
    currencies,
    depositoryOf: (chainId) => (chainId === 31337 ? depository : undefined),
    solver: solver.address,
    url: apiUrl,
    authenticated,
  });

test("default: a filled request in the live v3 shape, which the response schema accepts", () => {
  const record = render(filledRequest());
  expect(responseSchemas.requests.parse({ requests: [record] })).toBeTruthy();
  expect(record).toMatchObject({
    id: hash("11"),
    status: "success",
    sender: "0x000000000000000000000000000000000000a5E1",
    requestType: "Bridge",
    depositAddress: null,
    createdAt: new Date(1_000_000).toISOString(),
    updatedAt: new Date(1_000_500).toISOString(),
    data: {
      failReason: null,
      inTxs: [{ txHash: hash("d1"), chainId: 31337, block: 7, type: "onchain", status: "success" }],
      outTxs: [{ txHash: hash("f1"), chainId: 31338 }],
      refundCurrencyData: null,
      route: { actual: { rate: "0.99" } },
    },
    protocol: {
      orderId: null,
      solver: { address: solver.address, chainId: 31337, protocolChainId: "31337" },
      deposit: { origin: { amount: "1000000000000000000", depository, transactionId: hash("d1") } },
      settlement: { destination: { fills: [{ chainId: 31338, transactionId: hash("f1") }], refunds: [] } },
    },
  });
  expect(record.data.route.quoted.origin.inputCurrency?.amountFormatted).toBe("1");
  expect(record.data.route.quoted.destination.outputCurrency?.amountFormatted).toBe("0.99");
  // The referrer is authenticated data only.
  expect(record.data).not.toHaveProperty("referrer");
  expect(render(filledRequest(), true).data).toHaveProperty("referrer", "app");
});

test("a waiting request: no sender, no deposit, no actual route, N/A reasons as null", () => {
  const record = render(quotedRequest({ failReason: "N/A", refundFailReason: "N/A" }));
  expect(record).toMatchObject({
    sender: null,
    data: { failReason: null, refundFailReason: null, inTxs: [], outTxs: [], route: { actual: null } },
    protocol: { deposit: null },
  });
});

test("a refund: its hash leaves the fills for the refunds, with the refunded amount", () => {
  const request = filledRequest({
    status: "refund",
    failReason: "SOLVER_CAPACITY_EXCEEDED",
    txHashes: [hash("e1")],
    details: { refund: refund("123") },
  });
  expect(requestTransactions(request)).toEqual({
    deposits: [{ txHash: hash("d1"), chainId: 31337, block: 7 }],
    fills: [],
    refunds: [{ txHash: hash("e1"), chainId: 31337 }],
  });
  const record = render(request);
  expect(record.data.failReason).toBe("SOLVER_CAPACITY_EXCEEDED");
  expect(record.data.refundCurrencyData).toMatchObject({ amount: "123", currency: { symbol: "ETH" } });
  expect(record.data.route.actual).toBeNull();
});

test("requestTransactions: only the indexed deposit has a block; a refund hash matches in any case", () => {
  const request = filledRequest({
    inTxHashes: [hash("d1"), hash("d2")],
    txHashes: [hash("f1"), hash("E1")],
    details: { refund: refund("5") },
  });
  expect(requestTransactions(request)).toEqual({
    deposits: [
      { txHash: hash("d1"), chainId: 31337, block: 7 },
      { txHash: hash("d2"), chainId: 31337, block: null },
    ],
    fills: [{ txHash: hash("f1"), chainId: 31338 }],
    refunds: [{ txHash: hash("e1"), chainId: 31337 }],
  });
});

test("requestTypeOf: Call, then Same-chain Swap, then Bridge within a group, else Crosschain Swap", () => {
  const call = quotedRequest({ txs: [{ to: originToken as Address, data: "0x", value: 0n }] });
  expect(requestTypeOf({ request: call, currencyIn: eth, currencyOut: ethOut })).toBe("Call");
  const sameChain = quotedRequest({ destinationChainId: 31337 });
  expect(requestTypeOf({ request: sameChain, currencyIn: eth, currencyOut: eth })).toBe("Same-chain Swap");
  expect(requestTypeOf({ request: quotedRequest(), currencyIn: eth, currencyOut: ethOut })).toBe("Bridge");
  expect(requestTypeOf({ request: quotedRequest(), currencyIn: eth, currencyOut: usdc })).toBe(
    "Crosschain Swap",
  );
  // An unknown currency cannot be a bridge.
  expect(requestTypeOf({ request: quotedRequest(), currencyIn: undefined, currencyOut: ethOut })).toBe(
    "Crosschain Swap",
  );
});

test("unknown currencies render as null amounts, and a rate needs both", () => {
  const record = render(filledRequest({ originCurrency: "0x0000000000000000000000000000000000000bad" }));
  expect(record.data.route.quoted.origin.inputCurrency).toBeNull();
  expect(record.data.route.actual?.rate).toBeNull();
  expect(record.protocol.deposit?.origin.depository).toBe(depository);
  const deposit = filledRequest().deposit as NonNullable<DevnetRequest["deposit"]>;
  const elsewhere = render(filledRequest({ deposit: { ...deposit, chainId: 1 } }));
  expect(elsewhere.protocol.deposit?.origin.depository).toBeNull();
});

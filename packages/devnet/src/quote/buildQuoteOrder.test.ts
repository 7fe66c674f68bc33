import { decodeAbiParameters, getAddress, type Hex, parseEther } from "viem";
import { expect, test } from "vitest";
import { hashOrder } from "../../../attestkit/src/orders/hashOrder.js";
import { hashOrderNoble } from "../../../attestkit/src/orders/noble/hashOrderNoble.js";
import { toOrderPayment } from "../../../attestkit/src/orders/toOrderPayment.js";
import type { QuoteRequest } from "../../../attestkit/src/schemas/index.js";
import { devnetSolverAddress, nativeCurrencyAddress } from "../constants.js";
import { buildQuoteOrder } from "./buildQuoteOrder.js";
import { devnetCurrencies } from "./devnetCurrencies.js";
import { priceQuote } from "./priceQuote.js";

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const user = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const refundTo = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const app = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const salt = `0x${"5a".repeat(32)}` as Hex;
const deadline = 1_700_000_060;
const chains = { vmTypes: { "devnet-origin": "ethereum-vm", "devnet-destination": "ethereum-vm" } } as const;
const currencies = devnetCurrencies({
  chains: [
    { chainId: 31337, token },
    { chainId: 31338, token },
  ],
});
const priced = (overrides: Partial<QuoteRequest> = {}) =>
  priceQuote({
    body: {
      user,
      originChainId: 31337,
      destinationChainId: 31338,
      originCurrency: token,
      destinationCurrency: token,
      amount: "1000000",
      tradeType: "EXACT_INPUT",
      ...overrides,
    },
    chainIds: [31337, 31338],
    currencies,
  });
const build = (overrides: Partial<QuoteRequest> = {}) =>
  buildQuoteOrder({
    priced: priced(overrides),
    originSlug: "devnet-origin",
    destinationSlug: "devnet-destination",
    solver: devnetSolverAddress,
    salt,
    deadline,
  });

test("default: the order of a quote, written as the live service writes it", () => {
  expect(build({ recipient, refundTo, slippageTolerance: "100" })).toEqual({
    version: "v1",
    solverChainId: "devnet-origin",
    solver: devnetSolverAddress.toLowerCase(),
    salt,
    inputs: [
      {
        payment: { chainId: "devnet-origin", currency: token.toLowerCase(), amount: "1000000", weight: "1" },
        refunds: [
          {
            chainId: "devnet-origin",
            recipient: refundTo.toLowerCase(),
            currency: token.toLowerCase(),
            minimumAmount: "0",
            deadline,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "devnet-destination",
      payments: [
        {
          recipient: recipient.toLowerCase(),
          currency: token.toLowerCase(),
          // 1 USDC less 10 bps and $0.01; the minimum less 1 % slippage.
          minimumAmount: "979110",
          expectedAmount: "989000",
        },
      ],
      calls: [],
      deadline,
      extraData: "0x",
    },
    fees: [],
  });
});

test("its id is the same in both hashing paths, and the receiver call can be built from it", () => {
  const orderData = build({ appFees: [{ recipient: app, fee: "25" }] });
  const orderId = hashOrder({ orderData, chains });
  expect(hashOrderNoble({ orderData, chains }).orderId).toBe(orderId);
  const payment = toOrderPayment({ orderData, chains, orderSignature: `0x${"00".repeat(65)}` });
  expect(payment).toMatchObject({ orderId, amount: 1_000_000n, deadline, currency: token });
  expect(payment.call.functionName).toBe("payOrderErc20");
  // Another salt, another order id: two quotes of the same terms never share one.
  const other = buildQuoteOrder({
    priced: priced({ appFees: [{ recipient: app, fee: "25" }] }),
    originSlug: "devnet-origin",
    destinationSlug: "devnet-destination",
    solver: devnetSolverAddress,
    salt: `0x${"5b".repeat(32)}`,
    deadline,
  });
  expect(hashOrder({ orderData: other, chains })).not.toBe(orderId);
});

test("no refundTo: the refund goes to the recipient, as every refund of the request does", () => {
  const order = build({ recipient });
  expect(order.inputs[0].refunds[0].recipient).toBe(recipient.toLowerCase());
});

test("destination calls: encoded as abi.encode(to, data, value); their value leaves the recipient's payment", () => {
  const target = getAddress("0x0000000000000000000000000000000000000ca1");
  const order = build({
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("1").toString(),
    tradeType: "EXPECTED_OUTPUT",
    slippageTolerance: "50",
    txs: [
      { to: target, data: "0xd0e30db0", value: parseEther("0.25").toString() },
      { to: target, data: "0x" },
    ],
  });
  expect(
    order.output.calls.map((call) =>
      decodeAbiParameters([{ type: "address" }, { type: "bytes" }, { type: "uint256" }], call),
    ),
  ).toEqual([
    [target, "0xd0e30db0", parseEther("0.25")],
    [target, "0x", 0n],
  ]);
  expect(order.output.payments[0]).toMatchObject({
    currency: nativeCurrencyAddress,
    expectedAmount: parseEther("0.75").toString(),
    // 0.5 % of the whole output, less the calls' value.
    minimumAmount: (parseEther("0.995") - parseEther("0.25")).toString(),
  });
  // EXACT_OUTPUT guarantees the amount itself: the slippage tolerance lowers no minimum.
  const exact = build({
    originCurrency: nativeCurrencyAddress,
    destinationCurrency: nativeCurrencyAddress,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_OUTPUT",
    slippageTolerance: "50",
  });
  expect(exact.output.payments[0]).toMatchObject({
    expectedAmount: parseEther("1").toString(),
    minimumAmount: parseEther("1").toString(),
  });
});

test("the app fee is split over its items by basis points and adds up to what the quote charged", () => {
  const quote = priced({
    amount: "1000003",
    appFees: [
      { recipient: app, fee: "30" },
      { fee: "10" },
      { recipient: refundTo, fee: "0" },
      { recipient: recipient.toLowerCase(), fee: "20" },
    ],
  });
  const order = buildQuoteOrder({
    priced: quote,
    originSlug: "devnet-origin",
    destinationSlug: "devnet-destination",
    solver: devnetSolverAddress,
    salt,
    deadline,
  });
  // 60 bps of 1000003, rounded up: 6001; 30/60, 10/60, 20/60 of it, floors 3000, 1000, 2000, the
  // remainder of 1 to the first item.
  expect(quote.fees.app).toBe(6001n);
  expect(order.fees).toEqual([
    {
      recipientChainId: "devnet-origin",
      recipient: app.toLowerCase(),
      currencyChainId: "devnet-origin",
      currency: token.toLowerCase(),
      amount: "3001",
    },
    // An item that names no recipient: the solver keeps it, as it keeps its own fees.
    {
      recipientChainId: "devnet-origin",
      recipient: devnetSolverAddress.toLowerCase(),
      currencyChainId: "devnet-origin",
      currency: token.toLowerCase(),
      amount: "1000",
    },
    {
      recipientChainId: "devnet-origin",
      recipient: recipient.toLowerCase(),
      currencyChainId: "devnet-origin",
      currency: token.toLowerCase(),
      amount: "2000",
    },
  ]);
  expect(order.fees.reduce((sum, fee) => sum + BigInt(fee.amount), 0n)).toBe(quote.fees.app);
  // Zero basis points in all: no fee listed.
  expect(build({ appFees: [{ recipient: app, fee: "0" }] }).fees).toEqual([]);
});

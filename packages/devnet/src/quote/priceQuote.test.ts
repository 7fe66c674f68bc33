import { describe, expect, test } from "vitest";
import { InvalidRequestError } from "../../../attestkit/src/schemas/errors.js";
import type { QuoteRequest } from "../../../attestkit/src/schemas/index.js";
import { validateRequest } from "../../../attestkit/src/schemas/validateRequest.js";
import { toInvalidRequestCode } from "../api/toInvalidRequestCode.js";
import { nativeCurrencyAddress } from "../constants.js";
import { DevnetApiError } from "../errors.js";
import { devnetCurrencies } from "./devnetCurrencies.js";
import { priceQuote } from "./priceQuote.js";

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const currencies = devnetCurrencies({
  chains: [
    { chainId: 31337, token },
    { chainId: 31338, token },
  ],
});
const user = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const refund = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const body = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  user,
  originChainId: 31337,
  destinationChainId: 31338,
  originCurrency: token,
  destinationCurrency: token,
  amount: "1000000",
  tradeType: "EXACT_INPUT",
  ...overrides,
});
/** Prices a body the way the devnet's API does: the shared request schema first, as the 400 it answers. */
const price = (overrides: Partial<QuoteRequest> = {}) => {
  let validated: QuoteRequest;
  try {
    validated = validateRequest({ endpoint: "quote", body: body(overrides) });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const errorCode = toInvalidRequestCode({ field: error.field });
    throw new DevnetApiError({ status: 400, errorCode, message: error.shortMessage });
  }
  return priceQuote({ body: validated, chainIds: [31337, 31338], currencies });
};

test("default: a USDC bridge, fees taken from the input", () => {
  const priced = price();
  expect(priced).toMatchObject({
    originChainId: 31337,
    destinationChainId: 31338,
    user,
    recipient: user,
    refundTo: user,
    amountIn: 1_000_000n,
    amountOut: 989_000n,
    minimumOut: 989_000n,
    fees: { relayerService: 1000n, relayerGas: 10_000n, app: 0n, subsidized: 0n },
    sponsored: [],
  });
  expect(priced.currencyIn.symbol).toBe("USDC");
});

test("refunds go to refundTo, else the recipient, else the user (fixed at quote time)", () => {
  expect(price({ refundTo: refund, recipient }).refundTo).toBe(refund);
  expect(price({ recipient }).refundTo).toBe(recipient);
  expect(price().refundTo).toBe(user);
  // Lower-case input comes out checksummed.
  expect(price({ refundTo: refund.toLowerCase() }).refundTo).toBe(refund);
});

test("slippage sets the minimum output only", () => {
  const priced = price({ slippageTolerance: "100" });
  expect(priced.amountOut).toBe(989_000n);
  expect(priced.minimumOut).toBe(979_110n);
  expect(priced.slippageBps).toBe(100n);
});

test("sponsorship: all components by default, the selected ones otherwise", () => {
  expect(price({ subsidizeFees: true }).sponsored).toEqual(["execution", "swap", "relay", "app"]);
  const priced = price({
    subsidizeFees: true,
    sponsoredFeeComponents: ["execution"],
    maxSubsidizationAmount: "5000",
  });
  expect(priced.sponsored).toEqual(["execution"]);
  expect(priced.fees.subsidized).toBe(5000n);
  expect(priced.maxSubsidizationAmount).toBe("5000");
});

test("destination calls and app fees", () => {
  const call = { to: recipient.toLowerCase(), data: "0x12", value: "5" };
  const priced = price({
    destinationCurrency: nativeCurrencyAddress,
    amount: "10000000",
    txs: [call],
    appFees: [{ fee: "50" }],
  });
  expect(priced.txs).toEqual([{ to: recipient, data: "0x12", value: 5n }]);
  expect(priced.fees.app).toBe(50_000n);
});

describe("refusals are the live 400 answers", () => {
  const table: [string, Partial<QuoteRequest>, string][] = [
    ["an unknown origin chain", { originChainId: 1 }, "UNSUPPORTED_CHAIN"],
    ["an unknown destination chain", { destinationChainId: 10 }, "UNSUPPORTED_CHAIN"],
    ["an input currency that is no address", { originCurrency: "usdc" }, "INVALID_INPUT_CURRENCY"],
    ["an output currency that is no address", { destinationCurrency: "usdc" }, "INVALID_OUTPUT_CURRENCY"],
    ["a currency the chain does not have", { originCurrency: recipient }, "UNSUPPORTED_CURRENCY"],
    [
      "a deposit address with calls",
      { useDepositAddress: true, txs: [{ to: recipient }] },
      "UNSUPPORTED_EXECUTION_TYPE",
    ],
    ["a refund address that is not EVM", { refundTo: "bc1qxyz" }, "INVALID_ADDRESS"],
    // The request schema refuses these two before pricing, with the codes the API answers.
    ["a call without an address", { txs: [{ data: "0x" } as never] }, "INVALID_EXTRA_TXS"],
    ["a call with a value on a token output", { txs: [{ to: recipient, value: "1" }] }, "INVALID_EXTRA_TXS"],
    ["an app fee that is no basis points", { appFees: [{ fee: "10000" }] }, "INVALID_REQUEST"],
    ["an amount that does not cover the fees", { amount: "1000" }, "AMOUNT_TOO_LOW"],
  ];
  test.each(table)("%s: %j", (_, overrides, errorCode) => {
    const error = (() => {
      try {
        price(overrides);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DevnetApiError);
    expect(error).toMatchObject({ status: 400, body: { errorCode } });
  });
});

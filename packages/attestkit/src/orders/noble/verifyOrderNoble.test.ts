import { describe, expect, test } from "vitest";
import {
  liveQuote,
  liveSolver,
  orderChains,
  orderTestSolver,
  sampleOrderV1,
  samplePaymentDetails,
  signOrderId,
} from "../../../../../test/support/fixtures.js";
import { hashOrder } from "../hashOrder.js";
import { verifyOrder } from "../verifyOrder.js";
import { verifyOrderNoble } from "./verifyOrderNoble.js";
import { verifyQuoteNoble } from "./verifyQuoteNoble.js";

test("default: the live quote verifies, with the same verdict as the viem path", async () => {
  const v2 = liveQuote().protocol.v2;
  const parameters = {
    ...v2,
    orderId: v2.orderId,
    orderData: v2.orderData,
    orderSignature: v2.orderSignature,
    paymentDetails: v2.paymentDetails,
    chains: orderChains,
  };
  const noble = verifyOrderNoble(parameters);
  expect(noble.valid).toBe(true);
  expect(noble.signer?.toLowerCase()).toBe(liveSolver);
  expect(noble).toEqual(await verifyOrder(parameters));
});

describe("verifyQuoteNoble", () => {
  test("a whole answer or its protocol.v2", () => {
    expect(verifyQuoteNoble({ quote: liveQuote(), chains: orderChains }).valid).toBe(true);
    expect(verifyQuoteNoble({ quote: liveQuote().protocol.v2, chains: orderChains }).valid).toBe(true);
  });
  test("an amount changed anywhere is invalid", () => {
    const a = liveQuote();
    (a.protocol.v2.paymentDetails as Record<string, unknown>).amount = "874803905765354";
    expect(verifyQuoteNoble({ quote: a, chains: orderChains })).toMatchObject({
      valid: false,
      reason: "amount-mismatch",
    });
    const b = liveQuote();
    (
      (b.protocol.v2.orderData.inputs as { payment: Record<string, unknown> }[])[0] as {
        payment: Record<string, unknown>;
      }
    ).payment.amount = "874803905765354";
    expect(verifyQuoteNoble({ quote: b, chains: orderChains })).toMatchObject({
      valid: false,
      reason: "orderId-mismatch",
    });
  });
  test("no protocol.v2", () => {
    expect(() => verifyQuoteNoble({ quote: { steps: [] }, chains: orderChains })).toThrow(
      expect.objectContaining({ name: "MissingOrderError" }),
    );
  });
});

test("a test-key order: signer-not-allowed by default, valid when named", async () => {
  const orderData = sampleOrderV1();
  const orderId = hashOrder({ orderData, chains: orderChains });
  const parameters = {
    orderData,
    orderId,
    orderSignature: await signOrderId(orderId),
    paymentDetails: samplePaymentDetails(),
    chains: orderChains,
  };
  expect(verifyOrderNoble(parameters)).toMatchObject({
    valid: false,
    reason: "signer-not-allowed",
    signer: orderTestSolver,
  });
  expect(verifyOrderNoble({ ...parameters, solvers: [orderTestSolver] }).valid).toBe(true);
});

test.each([
  [{ orderSignature: null }, "MissingOrderFieldError", "orderSignature"],
  [{ orderSignature: "0x1234" }, "InvalidOrderFieldError", "orderSignature"],
  [{ orderId: "0x1234" }, "InvalidOrderFieldError", "orderId"],
  [{ orderId: undefined }, "MissingOrderFieldError", "orderId"],
  [{ paymentDetails: [] }, "InvalidOrderFieldError", "paymentDetails"],
  [{ solvers: ["0x12"] }, "InvalidOrderFieldError", "solvers[0]"],
])("malformed input throws like the viem path: %j", async (patch, name, field) => {
  const v2 = liveQuote().protocol.v2;
  const parameters = {
    orderId: v2.orderId,
    orderData: v2.orderData,
    orderSignature: v2.orderSignature,
    paymentDetails: v2.paymentDetails,
    chains: orderChains,
    ...patch,
  } as Parameters<typeof verifyOrderNoble>[0];
  expect(() => verifyOrderNoble(parameters)).toThrow(expect.objectContaining({ name, field }));
  await expect(verifyOrder(parameters)).rejects.toThrow(expect.objectContaining({ name, field }));
});

import { expect, test } from "vitest";
import { liveQuote, orderChains } from "../../../../test/support/fixtures.js";
import { verifyQuote } from "./verifyQuote.js";

test("default: a whole quote answer", async () => {
  const result = await verifyQuote({ quote: liveQuote(), chains: orderChains });
  expect(result.valid).toBe(true);
});

test("or its protocol.v2 object", async () => {
  const result = await verifyQuote({ quote: liveQuote().protocol.v2, chains: orderChains });
  expect(result.valid).toBe(true);
});

test("a tampered quote is invalid", async () => {
  const quote = liveQuote();
  (quote.protocol.v2.paymentDetails as Record<string, unknown>).amount = "1";
  expect(await verifyQuote({ quote, chains: orderChains })).toMatchObject({
    valid: false,
    reason: "amount-mismatch",
  });
});

test.each([
  [{ steps: [] }],
  [{ steps: [], protocol: null }],
  [{ steps: [], protocol: {} }],
  [{ steps: [], protocol: { v2: null } }],
])("a quote without protocol.v2 is a MissingOrderError: %j", async (quote) => {
  await expect(verifyQuote({ quote, chains: orderChains })).rejects.toThrow(
    expect.objectContaining({ name: "MissingOrderError" }),
  );
});

test("a quote that is not an object is refused", async () => {
  await expect(verifyQuote({ quote: "quote", chains: orderChains })).rejects.toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "quote" }),
  );
});

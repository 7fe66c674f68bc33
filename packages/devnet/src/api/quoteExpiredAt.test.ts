import { expect, test } from "vitest";
import { quoteExpiredAt } from "./quoteExpiredAt.js";

const expiresAt = 1_700_000_060_500;

test("default: an unpaid quote past its deadline expired at the deadline", () => {
  expect(quoteExpiredAt({ request: { status: "waiting", expiresAt }, now: expiresAt + 1 })).toBe(expiresAt);
});

test.each([
  ["the deadline itself: still payable", { status: "waiting", expiresAt }, expiresAt, null],
  ["before the deadline", { status: "waiting", expiresAt }, expiresAt - 1, null],
  ["paid (pending) past the deadline", { status: "pending", expiresAt }, expiresAt + 1, null],
  ["refunded past the deadline", { status: "refund", expiresAt }, expiresAt + 1, null],
  ["no deadline", { status: "waiting", expiresAt: null }, expiresAt + 1, null],
  [
    "a late payment tolerance: paid late at the market, never expired",
    { status: "waiting", expiresAt, pricing: { latePaymentSlippageBps: 50n } },
    expiresAt + 1,
    null,
  ],
] as const)("%s", (_, request, now, expected) => {
  expect(quoteExpiredAt({ request: request as Parameters<typeof quoteExpiredAt>[0]["request"], now })).toBe(
    expected,
  );
});

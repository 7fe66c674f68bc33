import { expect, test } from "vitest";
import { toInvalidRequestCode } from "./toInvalidRequestCode.js";

test("default: fields map to the live codes, nested paths by their first segment", () => {
  expect(toInvalidRequestCode({ field: "user" })).toBe("INVALID_ADDRESS");
  expect(toInvalidRequestCode({ field: "recipient" })).toBe("INVALID_RECIPIENT");
  expect(toInvalidRequestCode({ field: "originCurrency" })).toBe("INVALID_INPUT_CURRENCY");
  expect(toInvalidRequestCode({ field: "destinationCurrency" })).toBe("INVALID_OUTPUT_CURRENCY");
  expect(toInvalidRequestCode({ field: "originChainId" })).toBe("UNSUPPORTED_CHAIN");
  expect(toInvalidRequestCode({ field: "slippageTolerance" })).toBe("INVALID_SLIPPAGE_TOLERANCE");
  expect(toInvalidRequestCode({ field: "txs.0.to" })).toBe("INVALID_EXTRA_TXS");
  expect(toInvalidRequestCode({ field: "txs.1.value" })).toBe("INVALID_EXTRA_TXS");
});

test("fields without a live code, and the body itself, get INVALID_REQUEST", () => {
  expect(toInvalidRequestCode({ field: "amount" })).toBe("INVALID_REQUEST");
  expect(toInvalidRequestCode({ field: "appFees.0.fee" })).toBe("INVALID_REQUEST");
  expect(toInvalidRequestCode({ field: "" })).toBe("INVALID_REQUEST");
  expect(toInvalidRequestCode({ field: "toString" })).toBe("INVALID_REQUEST");
});

import { describe, expect, test } from "vitest";
import { InvalidExchangeTransferError } from "./errors.js";
import { validateExchangeTransfer } from "./validateExchangeTransfer.js";

const requestId = "0x9d6e2f0a1b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6";
const action = {
  type: "transfer",
  parameters: {
    toAccountIndex: 281474976710654,
    assetIndex: 3,
    fromRouteType: 0,
    toRouteType: 1,
    amount: 25000000,
    usdcFee: 1500,
    memo: requestId.slice(2),
  },
};
const withParameters = (overrides: Record<string, unknown>) => ({
  ...action,
  parameters: { ...action.parameters, ...overrides },
});

function failure(input: unknown, id = requestId) {
  try {
    validateExchangeTransfer({ action: input, id });
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidExchangeTransferError);
    const { field, reason } = error as InvalidExchangeTransferError;
    return { field, reason };
  }
  throw new Error("accepted");
}

test("default", () => {
  expect(validateExchangeTransfer({ action, id: requestId })).toBe(action);
});

describe("memo: the request id's 32 bytes as hex, 0x optional, any case", () => {
  test.each([
    requestId,
    requestId.slice(2),
    requestId.toUpperCase().replace("0X", "0x"),
    requestId.slice(2).toUpperCase(),
  ])("accepts %s", (memo) => {
    expect(
      validateExchangeTransfer({ action: withParameters({ memo }), id: requestId }).parameters.memo,
    ).toBe(memo);
  });

  test.each([
    ["another id", `${requestId.slice(2, -1)}7`, "memo-mismatch"],
    ["truncated", requestId.slice(2, -2), "memo-malformed"],
    ["UTF-8 hex of the id string", Buffer.from(requestId).toString("hex"), "memo-malformed"],
    ["empty", "", "memo-malformed"],
    ["0X prefix", `0X${requestId.slice(2)}`, "memo-malformed"],
  ])("rejects %s", (_, memo, reason) => {
    expect(failure(withParameters({ memo }))).toEqual({ field: "action.parameters.memo", reason });
  });

  test("without an id, any 32 bytes of hex pass: the payment guard compares them with the order id", () => {
    const memo = `${requestId.slice(2, -1)}7`;
    expect(validateExchangeTransfer({ action: withParameters({ memo }) }).parameters.memo).toBe(memo);
    expect(() => validateExchangeTransfer({ action: withParameters({ memo: "ab" }) })).toThrow(
      InvalidExchangeTransferError,
    );
  });

  test("non-string memo", () => {
    expect(failure(withParameters({ memo: 7 }))).toEqual({
      field: "action.parameters.memo",
      reason: "not-a-string",
    });
  });
});

test("type must be transfer", () => {
  expect(failure({ ...action, type: "withdraw" })).toEqual({ field: "action.type", reason: "wrong-type" });
  expect(failure({ parameters: action.parameters })).toEqual({ field: "action.type", reason: "wrong-type" });
});

test("integers only", () => {
  for (const name of ["toAccountIndex", "assetIndex", "fromRouteType", "toRouteType"]) {
    for (const value of [1.5, -1, "3", Number.MAX_SAFE_INTEGER + 1, null])
      expect(failure(withParameters({ [name]: value }))).toEqual({
        field: `action.parameters.${name}`,
        reason: "not-an-integer",
      });
  }
  for (const name of ["amount", "usdcFee"]) {
    for (const value of [1.5, -1, "1.5", "1e6", 2 ** 53, undefined])
      expect(failure(withParameters({ [name]: value }))).toEqual({
        field: `action.parameters.${name}`,
        reason: "not-an-integer",
      });
  }
});

test("amounts as digit strings and a zero fee are accepted; a zero amount is not", () => {
  expect(() =>
    validateExchangeTransfer({
      action: withParameters({ amount: "90071992547409930", usdcFee: 0 }),
      id: requestId,
    }),
  ).not.toThrow();
  expect(failure(withParameters({ amount: "0" }))).toEqual({
    field: "action.parameters.amount",
    reason: "not-positive",
  });
});

test("shapes", () => {
  expect(failure(null)).toEqual({ field: "action", reason: "not-an-object" });
  expect(failure([action])).toEqual({ field: "action", reason: "not-an-object" });
  expect(failure({ type: "transfer", parameters: "x" })).toEqual({
    field: "action.parameters",
    reason: "not-an-object",
  });
  expect(failure(action, "0x1234")).toEqual({ field: "id", reason: "invalid-id" });
});

test("error text", () => {
  expect(() =>
    validateExchangeTransfer({ action: withParameters({ memo: "00" }), id: requestId }),
  ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidExchangeTransferError: Field "action.parameters.memo" is not 32 bytes of hex: "00".

      expected: 32 bytes as 64 hex digits (optionally 0x-prefixed, any case)
      Do not submit this transfer: its parameters do not match the order.
      Version: attestkit@0.1.0]
    `);
});

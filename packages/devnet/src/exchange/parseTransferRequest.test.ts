import { describe, expect, test } from "vitest";
import { ExchangeError } from "./errors.js";
import { parseTransferRequest } from "./parseTransferRequest.js";

const memo = `0x${"fc".repeat(32)}`;
const valid = {
  toAccountIndex: 1000,
  assetIndex: 0,
  fromRouteType: 0,
  toRouteType: 0,
  amount: 1_000_000,
  usdcFee: 3_000_000,
  memo,
};

/** `CODE field` of the refusal, or "accepted". */
function outcome(overrides: Record<string, unknown>): string {
  try {
    parseTransferRequest({ ...valid, ...overrides });
  } catch (error) {
    if (error instanceof ExchangeError) return `${error.code} ${error.field ?? ""}`.trim();
    throw error;
  }
  return "accepted";
}

test("default: a withdrawal step's transfer parameters, normalized", () => {
  expect(parseTransferRequest(valid)).toEqual({
    fromAccountIndex: undefined,
    toAccountIndex: 1000,
    assetIndex: 0,
    fromRouteType: 0,
    toRouteType: 0,
    amount: 1_000_000n,
    usdcFee: 3_000_000n,
    memo,
    clientTransferId: undefined,
  });
});

describe("amounts", () => {
  test("amount: 1 to 2^63 - 1, as a bigint, a safe number or a digit string", () => {
    expect(outcome({ amount: 1 })).toBe("accepted");
    expect(outcome({ amount: 1n })).toBe("accepted");
    expect(outcome({ amount: "9223372036854775807" })).toBe("accepted");
    expect(parseTransferRequest({ ...valid, amount: "9223372036854775807" }).amount).toBe(2n ** 63n - 1n);
    for (const amount of [
      0,
      -1,
      "0",
      "-1",
      "9223372036854775808",
      2n ** 63n,
      1.5,
      "1.5",
      "1e6",
      " 1",
      "",
      null,
      true,
    ])
      expect(outcome({ amount })).toBe("INVALID_AMOUNT amount");
  });

  test("a JSON number beyond 2^53 - 1 is refused with the reason (it has lost precision)", () => {
    let error: unknown;
    try {
      parseTransferRequest({ ...valid, amount: 2 ** 53 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).shortMessage).toBe(
      'Field "amount" (9007199254740992): the amount is not a positive integer up to 2^63 - 1 (beyond 2^53 - 1 a JSON number loses precision: send a string).',
    );
    expect(outcome({ amount: 2 ** 53 - 1 })).toBe("accepted");
  });

  test("usdcFee: 0 to 2^63 - 1", () => {
    expect(outcome({ usdcFee: 0 })).toBe("accepted");
    expect(outcome({ usdcFee: "9223372036854775807" })).toBe("accepted");
    for (const usdcFee of [-1, "9223372036854775808", 0.5, undefined, "x"])
      expect(outcome({ usdcFee })).toBe("INVALID_FEE usdcFee");
  });
});

test("account indexes: non-negative safe integers, as numbers or canonical decimal strings", () => {
  expect(outcome({ toAccountIndex: 0 })).toBe("accepted");
  expect(outcome({ toAccountIndex: "723071" })).toBe("accepted");
  expect(parseTransferRequest({ ...valid, toAccountIndex: "723071" }).toAccountIndex).toBe(723071);
  expect(outcome({ fromAccountIndex: 1001 })).toBe("accepted");
  for (const index of [-1, 1.5, "01", "-1", 2 ** 53, "9007199254740992", "", null, undefined])
    expect(outcome({ toAccountIndex: index })).toBe("INVALID_ACCOUNT_INDEX toAccountIndex");
  expect(outcome({ fromAccountIndex: "abc" })).toBe("INVALID_ACCOUNT_INDEX fromAccountIndex");
});

test("asset and route types", () => {
  for (const assetIndex of [1, 3, -1, "0", null])
    expect(outcome({ assetIndex })).toBe("UNKNOWN_ASSET assetIndex");
  expect(outcome({ fromRouteType: 1 })).toBe("accepted");
  for (const routeType of [2, -1, "0", 0.5]) {
    expect(outcome({ fromRouteType: routeType })).toBe("UNKNOWN_ROUTE_TYPE fromRouteType");
    expect(outcome({ toRouteType: routeType })).toBe("UNKNOWN_ROUTE_TYPE toRouteType");
  }
});

test("memo: 32 bytes of hex, 0x optional, any case, normalized; absent is null", () => {
  expect(parseTransferRequest({ ...valid, memo: "FC".repeat(32) }).memo).toBe(memo);
  expect(parseTransferRequest({ ...valid, memo: undefined }).memo).toBeNull();
  expect(parseTransferRequest({ ...valid, memo: null }).memo).toBeNull();
  for (const bad of ["fc".repeat(31), "fc".repeat(33), `0x${"zz".repeat(32)}`, 12, ""])
    expect(outcome({ memo: bad })).toBe("INVALID_MEMO memo");
});

test("clientTransferId: 1-64 characters of a small alphabet", () => {
  expect(outcome({ clientTransferId: "withdraw:0x5e.1_a-b" })).toBe("accepted");
  expect(outcome({ clientTransferId: "a".repeat(64) })).toBe("accepted");
  for (const bad of ["", "a".repeat(65), "has space", "é", 7])
    expect(outcome({ clientTransferId: bad })).toBe("INVALID_CLIENT_TRANSFER_ID clientTransferId");
});

test("bodies that are not objects", () => {
  for (const body of [null, "transfer", 1, [valid]])
    expect(() => parseTransferRequest(body)).toThrow(ExchangeError);
});

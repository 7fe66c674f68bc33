import { describe, expect, test } from "vitest";
import {
  orderChains,
  sampleOrderV1,
  sampleOrderV2,
  samplePaymentDetails,
} from "../../../../test/support/fixtures.js";
import { checkPaymentDetails } from "./checkPaymentDetails.js";
import { toOrderStruct } from "./toOrderStruct.js";

const struct = toOrderStruct({ orderData: sampleOrderV1(), chains: orderChains });
const check = (patch: Record<string, unknown> = {}, chains = orderChains, s = struct) =>
  checkPaymentDetails({ struct: s, paymentDetails: { ...samplePaymentDetails(), ...patch }, chains });

test("default: the signed payment and the known depository pass", () => {
  expect(check()).toEqual([
    { name: "paymentDetails", ok: true },
    { name: "depository", ok: true },
  ]);
});

describe("paymentDetails", () => {
  test("the currency compares as bytes: any case", () => {
    expect(check({ currency: "0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913" })[0].ok).toBe(true);
  });
  test("the amount may come as a JSON number", () => {
    expect(check({ amount: 100000000 })[0].ok).toBe(true);
  });
  test.each([
    [{ amount: "100000001" }, "amount-mismatch", "100000000", "100000001"],
    [{ amount: "99999999" }, "amount-mismatch", "100000000", "99999999"],
    [{ amount: "0" }, "amount-mismatch", "100000000", "0"],
    [
      { currency: "0x0000000000000000000000000000000000000000" },
      "currency-mismatch",
      "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      "0x0000000000000000000000000000000000000000",
    ],
    [{ chainId: "optimism" }, "chainId-mismatch", "base", "optimism"],
    // An unknown chain is a mismatch here, not an error: the signed chain decides.
    [{ chainId: "zkfoo", currency: "whatever" }, "chainId-mismatch", "base", "zkfoo"],
  ])("%j: %s", (patch, reason, expected, actual) => {
    expect(check(patch)[0]).toEqual({ name: "paymentDetails", ok: false, reason, expected, actual });
  });
  test("a v1 order with no input has nothing to pay", () => {
    const empty = toOrderStruct({ orderData: { ...sampleOrderV1(), inputs: [] }, chains: orderChains });
    expect(check({}, orderChains, empty)[0]).toEqual({
      name: "paymentDetails",
      ok: false,
      reason: "no-input",
    });
  });
  test("v2 compares against input", () => {
    const v2 = toOrderStruct({ orderData: sampleOrderV2(), chains: orderChains });
    const [payment, depository] = checkPaymentDetails({
      struct: v2,
      chains: orderChains,
      paymentDetails: {
        chainId: "solana",
        currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        amount: "100000000",
        depository: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2",
      },
    });
    expect([payment.ok, depository.ok]).toEqual([true, true]);
  });
});

describe("depository", () => {
  test("a depository other than the chain's is refused", () => {
    expect(check({ depository: "0x59916da825d2d2ec1bf878d71c88826f6633ecca" })[1]).toEqual({
      name: "depository",
      ok: false,
      reason: "depository-mismatch",
      expected: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
      actual: "0x59916da825d2d2ec1bf878d71c88826f6633ecca",
    });
  });
  test("hex depositories compare in any case", () => {
    expect(check({ depository: "0x4CD00E387622C35BDDB9B4C962C136462338BC31" })[1].ok).toBe(true);
  });
  test("/chains decides: a chain whose depository is another one", () => {
    const chains = { ...orderChains, depositories: { base: "0x59916da825d2d2ec1bf878d71c88826f6633ecca" } };
    expect(check({}, chains)[1]).toMatchObject({ ok: false, reason: "depository-mismatch" });
    expect(check({ depository: "0x59916DA825d2d2ec1bf878d71c88826f6633ecca" }, chains)[1].ok).toBe(true);
  });
  test("an EVM chain /chains gives no depository for falls back to the published one", () => {
    const chains = { vmTypes: orderChains.vmTypes };
    expect(check({}, chains)[1].ok).toBe(true);
    expect(check({ depository: "0x59916da825d2d2ec1bf878d71c88826f6633ecca" }, chains)[1].ok).toBe(false);
  });
  test("a non-EVM chain without a known depository fails closed", () => {
    const v2 = toOrderStruct({ orderData: sampleOrderV2(), chains: orderChains });
    const [, depository] = checkPaymentDetails({
      struct: v2,
      chains: { vmTypes: orderChains.vmTypes },
      paymentDetails: {
        chainId: "solana",
        currency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        amount: "100000000",
        depository: "anything",
      },
    });
    expect(depository).toEqual({
      name: "depository",
      ok: false,
      reason: "unknown-depository",
      actual: "anything",
    });
  });
  test("non-hex depositories (exchange ids) compare exactly", () => {
    const chains = { ...orderChains, depositories: { base: "723071" } };
    expect(check({ depository: "723071" }, chains)[1].ok).toBe(true);
    expect(check({ depository: "0723071" }, chains)[1].ok).toBe(false);
  });
});

test.each([
  [null, "MissingOrderFieldError", "paymentDetails"],
  [{ depository: "x", currency: "x", amount: "1" }, "MissingOrderFieldError", "paymentDetails.chainId"],
  [{ chainId: "base", currency: "x", amount: "1" }, "MissingOrderFieldError", "paymentDetails.depository"],
  [{ ...samplePaymentDetails(), amount: "1.0" }, "InvalidOrderFieldError", "paymentDetails.amount"],
  [{ ...samplePaymentDetails(), amount: -1 }, "InvalidOrderFieldError", "paymentDetails.amount"],
  [
    { ...samplePaymentDetails(), currency: "not-an-address" },
    "InvalidOrderAddressError",
    "paymentDetails.currency",
  ],
])("malformed paymentDetails throw: %j", (paymentDetails, name, field) => {
  expect(() => checkPaymentDetails({ struct, paymentDetails, chains: orderChains })).toThrow(
    expect.objectContaining({ name, field }),
  );
});

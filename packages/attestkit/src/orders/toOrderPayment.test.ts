import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { decodeFunctionData } from "viem";
import { expect, test } from "vitest";
import { attestedDepositReceiverAbi } from "../contracts/abis.js";
import { hashOrder } from "./hashOrder.js";
import { toOrderPayment } from "./toOrderPayment.js";
import type { OrderChains } from "./types.js";

type Vector = {
  name: string;
  chains: OrderChains;
  orderId: string;
  orderData: Record<string, unknown>;
  orderSignature: string | null;
};
const vectors = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL("../../../../test/vectors/orders.json", import.meta.url)), "utf8"),
  ) as { vectors: Vector[] }
).vectors;
const vector = (name: string): Vector => structuredClone(vectors.find((v) => v.name === name) as Vector);
const fakeSignature = `0x${"11".repeat(65)}`;
const zero = "0x0000000000000000000000000000000000000000";
const usdc = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";

test("default: the live quote pays natively, its value the signed amount", () => {
  const { orderData, orderSignature, chains, orderId } = vector("live-quote");
  const payment = toOrderPayment({ orderData, orderSignature, chains });
  expect(payment.call.functionName).toBe("payOrderNative");
  expect(payment.call).toMatchObject({ value: 874803905765355n });
  expect(payment.call.args.at(-1)).toBe(orderSignature);
  expect(payment).toMatchObject({
    orderId,
    currency: "0x0000000000000000000000000000000000000000",
    amount: 874803905765355n,
    value: 874803905765355n,
    deadline: 1791639433,
  });
});

test("data is the call, encoded for the receiver's ABI", () => {
  for (const name of ["live-quote", "signed-v1-evm"]) {
    const { orderData, orderSignature, chains } = vector(name);
    const payment = toOrderPayment({ orderData, orderSignature, chains });
    const decoded = decodeFunctionData({ abi: attestedDepositReceiverAbi, data: payment.data });
    expect(decoded.functionName).toBe(payment.call.functionName);
    // Addresses decode checksummed; compare everything else exactly.
    const lower = (value: unknown) =>
      JSON.stringify(value, (_, v) =>
        typeof v === "bigint" ? v.toString() : typeof v === "string" ? v.toLowerCase() : v,
      );
    expect(lower(decoded.args)).toBe(lower(payment.call.args));
  }
});

test("a token input pays through payOrderErc20 with the token first, checksummed", () => {
  const { orderData, orderSignature, chains, orderId } = vector("signed-v1-evm");
  const payment = toOrderPayment({ orderData, orderSignature, chains });
  expect(payment.call).not.toHaveProperty("value");
  expect(payment.value).toBe(0n);
  expect(payment.call.functionName).toBe("payOrderErc20");
  expect(payment.call.args[0]).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  expect(payment).toMatchObject({ orderId, currency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" });
  expect(payment.amount).toBe(100000000n);
});

test("v2 orders pay through the v2 entry points, with the top-level deadline", () => {
  const { orderData, orderSignature, chains } = vector("signed-v2");
  // The SDK's v2 vector pays on Solana: not a receiver's order.
  expect(() => toOrderPayment({ orderData, orderSignature, chains })).toThrow(
    expect.objectContaining({ name: "UnpayableOrderError", field: "orderData.input.currency" }),
  );
  const onBase = (currency: string) => {
    const order = structuredClone(orderData) as { input: { chainId: string; currency: string } };
    order.input = { ...order.input, chainId: "base", currency };
    return order;
  };
  const native = toOrderPayment({ orderData: onBase(zero), orderSignature, chains });
  expect(native.call).toMatchObject({ functionName: "payOrderV2Native", value: 100000000n });
  expect(native.orderId).toBe(hashOrder({ orderData: onBase(zero), chains }));
  expect(native.deadline).toBe(1774878936);
  const token = toOrderPayment({ orderData: onBase(usdc), orderSignature, chains });
  expect(token.call.functionName).toBe("payOrderV2Erc20");
  expect(token.call.args[0]).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
});

test("the order id is hashOrder's, whatever the key order of the JSON", () => {
  const { orderData, chains } = vector("signed-v1-many");
  orderData.inputs = [(orderData.inputs as unknown[])[0]];
  (orderData.output as { payments: unknown[] }).payments.length = 1;
  const reversed = Object.fromEntries(Object.entries(orderData).reverse());
  const payment = toOrderPayment({ orderData: reversed, orderSignature: fakeSignature, chains });
  expect(payment.orderId).toBe(hashOrder({ orderData, chains }));
});

test("an order with two inputs is refused before any transaction", () => {
  const { orderData, orderSignature, chains } = vector("signed-v1-many");
  expect(() => toOrderPayment({ orderData, orderSignature, chains })).toThrowErrorMatchingInlineSnapshot(`
    [UnpayableOrderError: The receiver cannot pay this order: "orderData.inputs" has 2 inputs, not exactly one.

    AttestedDepositReceiver pays one input on its own EVM chain, to at least one output payment,
    with at least one refund (each to the payer or the receiver); pay other orders straight to the
    depository with the quote's steps.
    Version: attestkit@0.1.0]
  `);
});

test("an order with several output payments is paid (the receiver checks each recipient)", () => {
  const { orderData, chains } = vector("signed-v1-many");
  orderData.inputs = [(orderData.inputs as unknown[])[0]];
  expect((orderData.output as { payments: unknown[] }).payments.length).toBeGreaterThan(1);
  expect(toOrderPayment({ orderData, orderSignature: fakeSignature, chains }).call.functionName).toMatch(
    /^payOrder/,
  );
});

test("an order with no output payment is refused", () => {
  const { orderData, orderSignature, chains } = vector("signed-v1-evm");
  (orderData.output as { payments: unknown[] }).payments = [];
  expect(() => toOrderPayment({ orderData, orderSignature, chains })).toThrow(
    expect.objectContaining({ name: "UnpayableOrderError", field: "orderData.output.payments" }),
  );
});

test("an order with no refund is refused, v1 and v2", () => {
  const v1 = vector("signed-v1-evm");
  (v1.orderData.inputs as { refunds: unknown[] }[])[0] = {
    ...(v1.orderData.inputs as Record<string, unknown>[])[0],
    refunds: [],
  };
  expect(() => toOrderPayment({ ...v1, orderSignature: fakeSignature })).toThrow(
    expect.objectContaining({ name: "UnpayableOrderError", field: "orderData.inputs[0].refunds" }),
  );
  const v2 = vector("signed-v2");
  v2.orderData.refunds = [];
  expect(() => toOrderPayment({ ...v2, orderSignature: fakeSignature })).toThrow(
    expect.objectContaining({ name: "UnpayableOrderError", field: "orderData.refunds" }),
  );
});

test("an input paid on a non-EVM chain is refused, naming the field", () => {
  const { orderData, chains } = vector("public-sdk-v1-solana-output");
  const inputs = orderData.inputs as { payment: Record<string, unknown> }[];
  (inputs[0] as { payment: Record<string, unknown> }).payment.chainId = "solana";
  (inputs[0] as { payment: Record<string, unknown> }).payment.currency =
    "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  expect(() => toOrderPayment({ orderData, orderSignature: fakeSignature, chains })).toThrow(
    expect.objectContaining({
      name: "UnpayableOrderError",
      field: "orderData.inputs[0].payment.currency",
      reason: "is 32 bytes, not an EVM currency (20 bytes)",
    }),
  );
});

test("a missing or non-hex signature is a typed error", () => {
  const { orderData, chains } = vector("live-quote");
  expect(() => toOrderPayment({ orderData, orderSignature: undefined, chains })).toThrow(
    expect.objectContaining({ name: "MissingOrderFieldError", field: "orderSignature" }),
  );
  expect(() => toOrderPayment({ orderData, orderSignature: "0x123", chains })).toThrow(
    expect.objectContaining({ name: "InvalidOrderFieldError", field: "orderSignature" }),
  );
});

test("order errors come first: an unknown version", () => {
  const { orderData, orderSignature, chains } = vector("live-quote");
  orderData.version = "v3";
  expect(() => toOrderPayment({ orderData, orderSignature, chains })).toThrow(
    expect.objectContaining({ name: "UnsupportedOrderVersionError" }),
  );
});

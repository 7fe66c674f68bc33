import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import { hashOrderNoble } from "../../packages/attestkit/src/orders/noble/hashOrderNoble.js";
import { verifyOrderNoble } from "../../packages/attestkit/src/orders/noble/verifyOrderNoble.js";
import type { LegacyBitcoinEncoding, VerifyOrderResult } from "../../packages/attestkit/src/orders/types.js";
import { verifyOrder } from "../../packages/attestkit/src/orders/verifyOrder.js";
import { buildOrderVectors, type OrderVector, type OrderVectorFile } from "./buildOrderVectors.js";

const file = JSON.parse(
  readFileSync(fileURLToPath(new URL("./orders.json", import.meta.url)), "utf8"),
) as OrderVectorFile;

const options = (v: OrderVector) => ({
  chains: v.chains,
  legacyBitcoinEncoding: (v.legacyBitcoinEncoding ?? undefined) as LegacyBitcoinEncoding | undefined,
});
const parameters = (v: OrderVector) => ({
  orderId: v.orderId,
  orderData: v.orderData,
  orderSignature: v.orderSignature,
  paymentDetails: v.paymentDetails,
  solvers: v.solvers,
  ...options(v),
});
const unsigned = file.vectors.filter((v) => v.source !== null && v.orderSignature === null);
const verdicts = file.vectors.filter((v) => !unsigned.includes(v));

test("the committed vectors are exactly what the generator builds", async () => {
  expect(await buildOrderVectors()).toEqual(file);
});

test("the vectors cover the public ones, every VM, both versions, every verdict and error", () => {
  expect(unsigned.map((v) => v.name)).toEqual([
    "public-sdk-v1-solana-output",
    "public-sdk-v2",
    "public-docs-deposit-addresses-1",
    "public-docs-deposit-addresses-2",
    "public-docs-lighter-support-1",
    "public-docs-lighter-support-2",
    "public-docs-price-stabilization-1",
    "public-docs-price-stabilization-2",
  ]);
  const reasons = new Set(verdicts.map((v) => v.expected.reason).filter(Boolean));
  expect([...reasons].sort()).toEqual([
    "amount-mismatch",
    "currency-mismatch",
    "depository-mismatch",
    "high-s",
    "invalid-r",
    "invalid-s",
    "invalid-v",
    "orderId-mismatch",
    "signer-not-allowed",
    "unrecoverable",
  ]);
  const errors = new Set(verdicts.map((v) => v.expected.error).filter(Boolean));
  expect([...errors].sort()).toEqual([
    "InvalidOrderAddressError",
    "InvalidOrderFieldError",
    "LegacyBitcoinEncodingRequiredError",
    "MissingOrderFieldError",
    "UnknownOrderChainError",
    "UnsupportedOrderVersionError",
  ]);
  expect(verdicts.filter((v) => v.expected.valid).length).toBeGreaterThanOrEqual(12);
  const live = file.vectors.find((v) => v.name === "live-quote");
  expect(live?.expected).toMatchObject({ valid: true, signer: "0xf70da97812CB96acDF810712Aa562db8dfA3dbEF" });
});

describe.each([
  ["viem path", (v: OrderVector) => hashOrder({ orderData: v.orderData, ...options(v) }), (v: OrderVector) => verifyOrder(parameters(v))],
  [
    "noble path",
    (v: OrderVector) => hashOrderNoble({ orderData: v.orderData, ...options(v) }).orderId,
    async (v: OrderVector) => verifyOrderNoble(parameters(v)),
  ],
] as const)("%s", (_, hash, verify) => {
  test.each(unsigned.map((v) => [v.name, v] as const))("%s: the published order id", (_, v) => {
    expect(hash(v)).toBe(v.expected.orderId);
  });

  test.each(verdicts.map((v) => [v.name, v] as const))("%s", async (_, v) => {
    if (v.expected.error) {
      await expect(verify(v)).rejects.toThrow(expect.objectContaining({ name: v.expected.error }));
      return;
    }
    const result: VerifyOrderResult = await verify(v);
    expect({ valid: result.valid, signer: result.signer, reason: result.reason ?? null }).toEqual({
      valid: v.expected.valid,
      signer: v.expected.signer,
      reason: v.expected.reason,
    });
    expect([result.orderId, result.digest]).toEqual([v.expected.orderId, v.expected.digest]);
  });
});

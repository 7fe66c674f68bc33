import { expect, test } from "vitest";
import {
  liveAttestation,
  liveQuote,
  liveSolver,
  orderChains,
  orderTestSolver,
  sampleOrderV1,
  sampleOrderV2,
  signOrderId,
} from "../../../../../test/support/fixtures.js";
import { hashOrder } from "../hashOrder.js";
import { recoverOrderSigner } from "../recoverOrderSigner.js";
import { recoverOrderSignerNoble } from "./recoverOrderSignerNoble.js";

const live = liveQuote().protocol.v2;

test("default: the live order's signature recovers to the live solver", () => {
  const signature = live.orderSignature;
  expect(
    recoverOrderSignerNoble({ orderData: live.orderData, chains: orderChains, signature }).toLowerCase(),
  ).toBe(liveSolver);
});

test("the same signer as the viem path, both versions, and for a changed order", async () => {
  const tampered = structuredClone(live.orderData) as ReturnType<typeof sampleOrderV1>;
  (tampered.output.payments[0] as Record<string, unknown>).minimumAmount = "1";
  const cases = [
    { orderData: live.orderData, signature: live.orderSignature },
    { orderData: tampered, signature: live.orderSignature },
    ...(await Promise.all(
      [sampleOrderV1(), sampleOrderV2()].map(async (orderData) => ({
        orderData,
        signature: await signOrderId(hashOrder({ orderData, chains: orderChains })),
      })),
    )),
  ];
  for (const { orderData, signature } of cases)
    expect(recoverOrderSignerNoble({ orderData, chains: orderChains, signature })).toBe(
      await recoverOrderSigner({ orderData, chains: orderChains, signature }),
    );
  expect(recoverOrderSignerNoble({ ...(cases[2] as (typeof cases)[number]), chains: orderChains })).toBe(
    orderTestSolver,
  );
});

test("an attestation signature is no order signature", () => {
  const signer = recoverOrderSignerNoble({
    orderData: live.orderData,
    chains: orderChains,
    signature: liveAttestation.signature,
  });
  expect(signer.toLowerCase()).not.toBe(liveSolver);
});

test("the order is read before the signature", () => {
  expect(() =>
    recoverOrderSignerNoble({ orderData: { version: "v9" }, chains: orderChains, signature: null }),
  ).toThrow(expect.objectContaining({ name: "UnsupportedOrderVersionError" }));
  expect(() =>
    recoverOrderSignerNoble({ orderData: live.orderData, chains: orderChains, signature: null }),
  ).toThrow(expect.objectContaining({ name: "MissingOrderFieldError", field: "orderSignature" }));
});

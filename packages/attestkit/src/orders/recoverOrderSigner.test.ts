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
} from "../../../../test/support/fixtures.js";
import { hashAttestation } from "../attestation/hashAttestation.js";
import { hashOrder } from "./hashOrder.js";
import { recoverOrderSigner } from "./recoverOrderSigner.js";

const live = liveQuote().protocol.v2;
const signature = live.orderSignature as string;

test("default: the live order's signature recovers to the live solver", async () => {
  expect(
    (await recoverOrderSigner({ orderData: live.orderData, chains: orderChains, signature })).toLowerCase(),
  ).toBe(liveSolver);
});

test("the id is recomputed: a changed order recovers another key", async () => {
  const tampered = structuredClone(live.orderData) as ReturnType<typeof sampleOrderV1>;
  (tampered.output.payments[0] as Record<string, unknown>).minimumAmount = "1";
  expect(
    (await recoverOrderSigner({ orderData: tampered, chains: orderChains, signature })).toLowerCase(),
  ).not.toBe(liveSolver);
});

test("a signature by the test key recovers to it, both versions", async () => {
  for (const orderData of [sampleOrderV1(), sampleOrderV2()]) {
    const orderId = hashOrder({ orderData, chains: orderChains });
    expect(
      await recoverOrderSigner({ orderData, chains: orderChains, signature: await signOrderId(orderId) }),
    ).toBe(orderTestSolver);
  }
});

test("an attestation signature is no order signature", async () => {
  // The live solver signs attestations as it signs order ids: EIP-191 over 32 bytes. Handed the
  // attestation's hash as an order id, the signature recovered to the live solver; the order is
  // now required and its id recomputed.
  const attestationHash = hashAttestation(liveAttestation);
  await expect(
    // @ts-expect-error: an order id is no longer accepted, only the order.
    recoverOrderSigner({ orderId: attestationHash, signature: liveAttestation.signature }),
  ).rejects.toThrow(expect.objectContaining({ name: "MissingOrderFieldError", field: "orderData" }));
  expect(
    (
      await recoverOrderSigner({
        orderData: live.orderData,
        chains: orderChains,
        signature: liveAttestation.signature,
      })
    ).toLowerCase(),
  ).not.toBe(liveSolver);
});

test("the order is read before the signature", async () => {
  await expect(
    recoverOrderSigner({ orderData: { version: "v9" }, chains: orderChains, signature: null }),
  ).rejects.toThrow(expect.objectContaining({ name: "UnsupportedOrderVersionError" }));
  await expect(
    recoverOrderSigner({ orderData: live.orderData, chains: orderChains, signature: null }),
  ).rejects.toThrow(expect.objectContaining({ name: "MissingOrderFieldError", field: "orderSignature" }));
});

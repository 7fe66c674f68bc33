import { numberToHex } from "viem";
import { describe, expect, test } from "vitest";
import {
  liveAttestation,
  liveQuote,
  liveSolver,
  orderChains,
  orderTestSolver,
  sampleOrderV1,
  signOrderId,
} from "../../../../test/support/fixtures.js";
import { secp256k1N } from "../attestation/constants.js";
import { hashAttestation } from "../attestation/hashAttestation.js";
import { hashOrder } from "./hashOrder.js";
import { recoverOrderIdSigner } from "./recoverOrderIdSigner.js";

const live = liveQuote().protocol.v2;
const orderId = live.orderId as `0x${string}`;
const signature = live.orderSignature as string;

test("default: the live signature recovers to the live solver", async () => {
  expect((await recoverOrderIdSigner({ orderId, signature })).toLowerCase()).toBe(liveSolver);
});

test("the id is taken as given: an attestation signature recovers over the attestation's hash", async () => {
  // What the name says: the key signed these 32 bytes, not necessarily an order.
  const attestationHash = hashAttestation(liveAttestation);
  expect(
    (
      await recoverOrderIdSigner({ orderId: attestationHash, signature: liveAttestation.signature })
    ).toLowerCase(),
  ).toBe(liveSolver);
});

test("a signature by the test key recovers to it", async () => {
  const id = hashOrder({ orderData: sampleOrderV1(), chains: orderChains });
  expect(await recoverOrderIdSigner({ orderId: id, signature: await signOrderId(id) })).toBe(orderTestSolver);
});

describe("the attestation signature rules", () => {
  const r = signature.slice(2, 66);
  const s = signature.slice(66, 130);
  const v = Number.parseInt(signature.slice(130), 16);
  const sig = (rr: string, ss: string, vv: number) => `0x${rr}${ss}${vv.toString(16).padStart(2, "0")}`;
  const word = (n: bigint) => numberToHex(n, { size: 32 }).slice(2);

  test("v as 0/1 reads as 27/28", async () => {
    expect((await recoverOrderIdSigner({ orderId, signature: sig(r, s, v - 27) })).toLowerCase()).toBe(
      liveSolver,
    );
  });
  test.each([
    ["invalid-v", () => sig(r, s, 29)],
    ["invalid-v", () => sig(r, s, 2)],
    ["high-s", () => sig(r, word(secp256k1N - BigInt(`0x${s}`)), v === 27 ? 28 : 27)],
    ["invalid-r", () => sig(word(0n), s, v)],
    ["invalid-r", () => sig(word(secp256k1N), s, v)],
    ["invalid-s", () => sig(r, word(0n), v)],
    ["unrecoverable", () => sig(word(5n), s, v)],
  ])("%s", async (reason, make) => {
    await expect(recoverOrderIdSigner({ orderId, signature: make() })).rejects.toThrow(
      expect.objectContaining({ name: "InvalidSignatureError", reason }),
    );
  });
});

test.each([
  [undefined, "MissingOrderFieldError"],
  [orderId.slice(0, 64), "InvalidOrderFieldError"],
  [42, "InvalidOrderFieldError"],
])("an order id %j is refused", async (value, name) => {
  await expect(recoverOrderIdSigner({ orderId: value, signature })).rejects.toThrow(
    expect.objectContaining({ name, field: "orderId" }),
  );
});

describe("shape errors name orderSignature", () => {
  test.each([
    [undefined, "MissingOrderFieldError"],
    [null, "MissingOrderFieldError"],
    [signature.slice(0, 130), "InvalidOrderFieldError"],
    [`${signature}00`, "InvalidOrderFieldError"],
    [signature.slice(2), "InvalidOrderFieldError"],
    [`${signature.slice(0, -1)}`, "InvalidOrderFieldError"],
    [65, "InvalidOrderFieldError"],
  ])("%j", async (value, name) => {
    await expect(recoverOrderIdSigner({ orderId, signature: value })).rejects.toThrow(
      expect.objectContaining({ name, field: "orderSignature" }),
    );
  });
  test("64-byte compact signatures are refused", async () => {
    await expect(recoverOrderIdSigner({ orderId, signature: signature.slice(0, 130) })).rejects.toThrow(
      expect.objectContaining({ reason: "64 bytes, not 65 (r || s || v)" }),
    );
  });
  test("a null signature says how to get one", async () => {
    await expect(recoverOrderIdSigner({ orderId, signature: null })).rejects.toThrow(
      /includeProtocolData: true/,
    );
  });
});

import { expect, test } from "vitest";
import { liveAttestation, liveQuote, liveSolver } from "../../../../../test/support/fixtures.js";
import { hashAttestation } from "../../attestation/hashAttestation.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import { recoverOrderIdSignerNoble } from "./recoverOrderIdSignerNoble.js";

const live = liveQuote().protocol.v2;

test("default: the live order id's signature recovers to the live solver", () => {
  const orderId = hexToBytes(live.orderId) as Uint8Array;
  expect(recoverOrderIdSignerNoble({ orderId, signature: live.orderSignature }).toLowerCase()).toBe(
    liveSolver,
  );
});

test("the id is taken as given: an attestation signature recovers over the attestation's hash", () => {
  const orderId = hexToBytes(hashAttestation(liveAttestation)) as Uint8Array;
  expect(recoverOrderIdSignerNoble({ orderId, signature: liveAttestation.signature }).toLowerCase()).toBe(
    liveSolver,
  );
});

test.each([
  [undefined, "MissingOrderFieldError"],
  ["0x1234", "InvalidOrderFieldError"],
  [42, "InvalidOrderFieldError"],
])("a signature %j is refused", (signature, name) => {
  const orderId = hexToBytes(live.orderId) as Uint8Array;
  expect(() => recoverOrderIdSignerNoble({ orderId, signature })).toThrow(
    expect.objectContaining({ name, field: "orderSignature" }),
  );
});

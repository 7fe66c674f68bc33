import { concat, hashMessage, keccak256, stringToHex } from "viem";
import { expect, test } from "vitest";
import { liveQuote } from "../../../../test/support/fixtures.js";
import { orderIdDigest } from "./orderIdDigest.js";

const orderId = liveQuote().protocol.v2.orderId as `0x${string}`;

test("default: EIP-191 over the 32 raw bytes of the id", () => {
  const expected = keccak256(concat([stringToHex("\x19Ethereum Signed Message:\n32"), orderId]));
  expect(orderIdDigest({ orderId })).toBe(expected);
  expect(orderIdDigest({ orderId })).toBe(
    "0x105e3d69caacb34d19bf385b7a996feec98129616557962217e827b1b205f763",
  );
});

test("not the digest of the id's hex text", () => {
  expect(orderIdDigest({ orderId })).not.toBe(hashMessage(orderId));
});

test("upper-case hex digits give the same digest", () => {
  expect(orderIdDigest({ orderId: `0x${orderId.slice(2).toUpperCase()}` })).toBe(orderIdDigest({ orderId }));
});

test.each([
  [undefined, "MissingOrderFieldError"],
  [null, "MissingOrderFieldError"],
  [orderId.slice(0, 64), "InvalidOrderFieldError"],
  [`${orderId}00`, "InvalidOrderFieldError"],
  [orderId.slice(2), "InvalidOrderFieldError"],
  [42, "InvalidOrderFieldError"],
])("%j is refused", (value, name) => {
  expect(() => orderIdDigest({ orderId: value })).toThrow(
    expect.objectContaining({ name, field: "orderId" }),
  );
});

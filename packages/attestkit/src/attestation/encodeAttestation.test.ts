import { expect, test } from "vitest";
import { liveAttestation } from "../../../../test/support/fixtures.js";
import { encodeAttestation } from "./encodeAttestation.js";

test("default: the live attestation's tuple, word by word", () => {
  const encoded = encodeAttestation(liveAttestation);
  expect(encoded.length).toBe(2 + 7 * 64);
  const words = encoded.slice(2).match(/.{64}/g);
  expect(words).toEqual([
    "910113af21b5771f35712ab2680b578e5551a2e358916d9c540aa4f613418e2a", // requestId
    "0000000000000000000000000000000000000000000000000000000000000001", // originChainId 1
    "000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e", // originUser, left-padded
    "0000000000000000000000000000000000000000000000000000000000000000", // originCurrency: native
    "00000000000000000000000000000000000000000000000009b6e64a8ec60000", // 0.7 ETH in wei
    "000000000000000000000000000000000000000000000000000000000076adf1", // destinationChainId 7777777
    "000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e", // destinationUser
  ]);
});

test("v2 tuple: destinationCurrency last, no amount", () => {
  const encoded = encodeAttestation({
    ...liveAttestation,
    version: "v2",
    requestData: {
      ...liveAttestation.requestData,
      destinationCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    },
  });
  const words = encoded.slice(2).match(/.{64}/g) ?? [];
  expect(words).toHaveLength(7);
  expect(words[4]).toBe("000000000000000000000000000000000000000000000000000000000076adf1");
  expect(words[5]).toBe("000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e");
  expect(words[6]).toBe("000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913");
});

test("v2 without destinationCurrency names the field", () => {
  expect(() => encodeAttestation({ ...liveAttestation, version: "v2" })).toThrow(
    expect.objectContaining({ name: "MissingFieldError", field: "destinationCurrency" }),
  );
});

test("uint256 extremes", () => {
  const max = (2n ** 256n - 1n).toString();
  const encoded = encodeAttestation({
    ...liveAttestation,
    requestData: { ...liveAttestation.requestData, originAmount: max },
  });
  expect(encoded.slice(2 + 4 * 64, 2 + 5 * 64)).toBe("f".repeat(64));
  const zero = encodeAttestation({
    ...liveAttestation,
    requestData: { ...liveAttestation.requestData, originAmount: "0" },
  });
  expect(zero.slice(2 + 4 * 64, 2 + 5 * 64)).toBe("0".repeat(64));
});

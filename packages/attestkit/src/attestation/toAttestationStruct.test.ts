import { encodeAbiParameters } from "viem";
import { expect, test } from "vitest";
import { liveAttestation } from "../../../../test/support/fixtures.js";
import { attestationAbiV1, attestationAbiV2, encodeAttestation } from "./encodeAttestation.js";
import { toAttestationStruct } from "./toAttestationStruct.js";

test("default: the live attestation as the contracts' struct", () => {
  expect(toAttestationStruct(liveAttestation)).toEqual({
    requestId: "0x910113af21b5771f35712ab2680b578e5551a2e358916d9c540aa4f613418e2a",
    originChainId: 1n,
    originUser: "0x000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e",
    originCurrency: `0x${"0".repeat(64)}`,
    originAmount: 700000000000000000n,
    destinationChainId: 7777777n,
    destinationUser: "0x000000000000000000000000f3d63166f0ca56c3c1a3508fce03ff0cf3fb691e",
  });
});

test("ABI-encoding the struct gives exactly the signed encoding", () => {
  const struct = toAttestationStruct(liveAttestation);
  const encoded = encodeAbiParameters(attestationAbiV1, Object.values(struct) as never);
  expect(encoded).toBe(encodeAttestation(liveAttestation));
});

test("v2 struct: destinationCurrency, no amount", () => {
  const parameters = {
    ...liveAttestation,
    version: "v2" as const,
    requestData: {
      ...liveAttestation.requestData,
      destinationCurrency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    },
  };
  const struct = toAttestationStruct(parameters);
  expect(Object.keys(struct)).toEqual(attestationAbiV2.map(({ name }) => name));
  expect(encodeAbiParameters(attestationAbiV2, Object.values(struct) as never)).toBe(
    encodeAttestation(parameters),
  );
});

test("malformed fields throw the same typed errors as the hash", () => {
  expect(() =>
    toAttestationStruct({
      ...liveAttestation,
      requestData: { ...liveAttestation.requestData, originAmount: "1.5" },
    }),
  ).toThrow(expect.objectContaining({ name: "InvalidAmountError", field: "originAmount" }));
});

import { keccak256 } from "viem";
import { expect, test } from "vitest";
import { liveAttestation } from "../../../../test/support/fixtures.js";
import { encodeAttestation } from "./encodeAttestation.js";
import { hashAttestation } from "./hashAttestation.js";

test("default: the hash the live solver signed", () => {
  expect(hashAttestation(liveAttestation)).toBe(
    "0x90b6e106cb46dfb411fa528da7f5177ecaf4761f6b7242f00418cc7d4285943c",
  );
});

test("is keccak256 of the encoding", () => {
  expect(hashAttestation(liveAttestation)).toBe(keccak256(encodeAttestation(liveAttestation)));
});

test("any one field changes the hash", () => {
  const h = hashAttestation(liveAttestation);
  const data = liveAttestation.requestData;
  expect(
    hashAttestation({ ...liveAttestation, requestData: { ...data, originAmount: "700000000000000001" } }),
  ).not.toBe(h);
  expect(
    hashAttestation({ ...liveAttestation, requestData: { ...data, destinationChainId: 8453 } }),
  ).not.toBe(h);
});

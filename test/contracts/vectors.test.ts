// Every shared vector (test/vectors/attestations.json) gets the same verdict, signer and error from
// the onchain AttestationVerifier as from both TypeScript verifiers.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { network } from "hardhat";
import { getAddress, getContract, type Hex, hexToBigInt } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { verifyAttestationNoble } from "../../packages/attestkit/src/attestation/noble/verifyAttestationNoble.js";
import type { RequestData } from "../../packages/attestkit/src/attestation/types.js";
import { verifyAttestation } from "../../packages/attestkit/src/attestation/verifyAttestation.js";
import { attestationVerifierAbi } from "../../packages/attestkit/src/contracts/index.js";
import { revertOf } from "../support/contracts.js";

type Vector = {
  name: string;
  version: "v1" | "v2";
  requestId: string;
  requestData: Record<string, unknown>;
  signature: Hex;
  solvers: string[];
  words: Hex[] | null;
  hash: Hex | null;
  digest: Hex | null;
  expected: { valid: boolean; signer: string | null; reason: string | null; error: string | null };
};

const file = JSON.parse(
  readFileSync(fileURLToPath(new URL("../vectors/attestations.json", import.meta.url)), "utf8"),
) as { vectors: Vector[] };

/** Which onchain custom error each off-chain rejection corresponds to. */
const onchainError: Record<string, string> = {
  InvalidChainIdError: "AttestationChainIdOutOfRange",
  AccountWordOutOfRangeError: "AttestationAccountOutOfRange",
  InvalidSignatureLengthError: "AttestationInvalidSignatureLength",
  "invalid-v": "AttestationInvalidSignatureV",
  "invalid-r": "AttestationInvalidSignatureR",
  "invalid-s": "AttestationInvalidSignatureS",
  "high-s": "AttestationHighSignatureS",
  unrecoverable: "AttestationUnrecoverableSignature",
};

const v1Fields = [
  "requestId",
  "originChainId",
  "originUser",
  "originCurrency",
  "originAmount",
  "destinationChainId",
  "destinationUser",
] as const;
const v2Fields = [
  "requestId",
  "originChainId",
  "originUser",
  "originCurrency",
  "destinationChainId",
  "destinationUser",
  "destinationCurrency",
] as const;
const uintFields = new Set(["originChainId", "originAmount", "destinationChainId"]);

function toStruct(version: "v1" | "v2", words: Hex[] | null) {
  const fields = version === "v1" ? v1Fields : v2Fields;
  if (words?.length !== 7) throw new Error("a vector checked onchain has 7 words");
  return Object.fromEntries(
    fields.map((name, i) => {
      const word = words[i] as Hex;
      return [name, uintFields.has(name) ? hexToBigInt(word) : word];
    }),
  ) as never;
}

/** The off-chain outcome of one TypeScript verifier, normalised for comparison. */
async function offchain(
  run: () => unknown,
): Promise<{ valid: boolean; signer: string | null; reason: string | null; error: string | null }> {
  try {
    const r = (await run()) as { valid: boolean; signer: string | null; reason?: string };
    return {
      valid: r.valid,
      signer: r.signer && getAddress(r.signer),
      reason: r.reason ?? null,
      error: null,
    };
  } catch (error) {
    return { valid: false, signer: null, reason: null, error: (error as Error).name };
  }
}

let verifier: Awaited<ReturnType<typeof deploy>>;
async function deploy() {
  const { viem } = await network.create();
  const { address } = (await viem.deployContract("AttestationVerifier" as never)) as {
    address: `0x${string}`;
  };
  return getContract({ abi: attestationVerifierAbi, address, client: await viem.getPublicClient() });
}
beforeAll(async () => {
  verifier = await deploy();
});

const onchainVectors = file.vectors.filter((v) => v.words !== null);

test("the vector file covers every rule onchain", () => {
  const covered = new Set(onchainVectors.map((v) => v.expected.reason ?? v.expected.error ?? "valid"));
  expect([...covered].sort()).toEqual(
    [
      "AccountWordOutOfRangeError",
      "InvalidChainIdError",
      "InvalidSignatureLengthError",
      "high-s",
      "invalid-r",
      "invalid-s",
      "invalid-v",
      "signer-not-allowed",
      "unrecoverable",
      "valid",
    ].sort(),
  );
  expect(onchainVectors.some((v) => v.version === "v2")).toBe(true);
});

describe.each(onchainVectors.map((v) => [v.name, v] as const))("%s", (_, vector) => {
  test("onchain matches the expected outcome and both TypeScript verifiers", async () => {
    const struct = toStruct(vector.version, vector.words);
    const v2 = vector.version === "v2";
    const read = verifier.read;

    // Hashing: the same 32-byte message and digest as off-chain, handed out only for a tuple that
    // holds the layout rule (for the others, the layout error the recovery reports too).
    const hash = () => (v2 ? read.hashAttestationV2([struct]) : read.hashAttestation([struct]));
    const digest = () => (v2 ? read.digestAttestationV2([struct]) : read.digestAttestation([struct]));
    const layoutError = onchainError[vector.expected.error ?? ""];
    if (
      vector.expected.error === "InvalidChainIdError" ||
      vector.expected.error === "AccountWordOutOfRangeError"
    ) {
      expect((await revertOf(hash())).errorName).toBe(layoutError);
      expect((await revertOf(digest())).errorName).toBe(layoutError);
    } else {
      expect(await hash()).toBe(vector.hash);
      expect(await digest()).toBe(vector.digest);
    }

    // Recovery: the signer, or the custom error matching the off-chain rejection.
    const recover = () =>
      v2 ? read.recoverSignerV2([struct, vector.signature]) : read.recoverSigner([struct, vector.signature]);
    const rejection =
      vector.expected.error ??
      (vector.expected.reason === "signer-not-allowed" ? null : vector.expected.reason);
    let onchainSigner: string | null = null;
    if (rejection === null) {
      onchainSigner = (await recover()) as string;
      expect(onchainSigner).toBe(vector.expected.signer);
    } else {
      const { errorName, args } = await revertOf(recover());
      expect(errorName).toBe(onchainError[rejection]);
      if (rejection === "InvalidSignatureLengthError") {
        expect(args).toEqual([BigInt((vector.signature.length - 2) / 2)]);
      }
    }

    // isValid for every listed solver: true exactly when the vector is valid and it is the signer.
    for (const solver of vector.solvers) {
      const args = [struct, vector.signature, getAddress(solver)] as const;
      const valid = await (v2 ? read.isValidV2(args) : read.isValid(args));
      expect(valid).toBe(vector.expected.valid && getAddress(solver) === vector.expected.signer);
    }
    const anyValid = (
      await Promise.all(
        vector.solvers.map((s) =>
          v2
            ? read.isValidV2([struct, vector.signature, getAddress(s)])
            : read.isValid([struct, vector.signature, getAddress(s)]),
        ),
      )
    ).some(Boolean);
    expect(anyValid).toBe(vector.expected.valid);

    // Both TypeScript implementations reach the same verdict on the same input.
    const input = {
      requestId: vector.requestId,
      requestData: vector.requestData as RequestData,
      signature: vector.signature,
      solvers: vector.solvers,
      version: vector.version,
    };
    for (const result of [
      await offchain(() => verifyAttestation(input)),
      await offchain(() => verifyAttestationNoble(input)),
    ]) {
      expect(result.valid).toBe(anyValid);
      expect(result.signer).toBe(onchainSigner);
      expect(result.error).toBe(vector.expected.error);
      expect(result.reason).toBe(vector.expected.reason);
    }
  });
});

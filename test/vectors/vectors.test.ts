import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { verifyAttestation } from "../../packages/attestkit/src/attestation/verifyAttestation.js";
import { buildVectors, type VectorFile } from "./buildVectors.js";

const file = JSON.parse(
  readFileSync(fileURLToPath(new URL("./attestations.json", import.meta.url)), "utf8"),
) as VectorFile;

test("the committed vectors are exactly what the generator builds", async () => {
  expect(await buildVectors()).toEqual(file);
});

test("the vectors cover every verdict and error the rules define", () => {
  const reasons = new Set(file.vectors.map((v) => v.expected.reason).filter(Boolean));
  const errors = new Set(file.vectors.map((v) => v.expected.error).filter(Boolean));
  expect([...reasons].sort()).toEqual(["high-s", "invalid-r", "invalid-s", "invalid-v", "signer-not-allowed", "unrecoverable"]);
  expect([...errors].sort()).toEqual([
    "AccountWordOutOfRangeError",
    "InvalidAddressError",
    "InvalidAmountError",
    "InvalidChainIdError",
    "InvalidRequestIdError",
    "InvalidSignatureLengthError",
    "UnsupportedVmTypeError",
  ]);
  expect(file.vectors.filter((v) => v.expected.valid).length).toBeGreaterThanOrEqual(10);
});

describe("viem path", () => {
  test.each(file.vectors.map((v) => [v.name, v] as const))("%s", async (_, v) => {
    const params = { requestId: v.requestId, requestData: v.requestData, signature: v.signature, solvers: v.solvers, version: v.version };
    if (v.expected.error) {
      await expect(verifyAttestation(params)).rejects.toThrow(expect.objectContaining({ name: v.expected.error }));
      return;
    }
    const result = await verifyAttestation(params);
    expect({ valid: result.valid, signer: result.signer, reason: result.reason ?? null }).toEqual({
      valid: v.expected.valid,
      signer: v.expected.signer,
      reason: v.expected.reason,
    });
    expect([result.encoded, result.hash, result.digest]).toEqual([v.encoded, v.hash, v.digest]);
    expect(`0x${(v.words ?? []).map((w) => w.slice(2)).join("")}`).toBe(result.encoded);
  });
});

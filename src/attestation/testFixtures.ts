// Fixtures shared by the attestation tests. Not exported from the package entry.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Hex } from "viem";
import type { RequestDataV1 } from "./types.js";

/**
 * A genuine attestation from the live service's public documentation (input-validation guide),
 * signed by the live solver. It pins the whole scheme bit for bit.
 */
export const liveAttestation = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../test/vectors/live-attestation.json", import.meta.url)), "utf8"),
) as { requestId: Hex; requestData: RequestDataV1; signature: Hex };

/** Hardhat's well-known first test account. */
export const testKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
export const testAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

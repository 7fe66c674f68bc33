// Deterministic signed attestations for benchmarks: random EVM fields, one fixed solver key.
import { type Hex, keccak256, serializeSignature, stringToHex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { attestationDigest } from "../packages/attestkit/src/attestation/attestationDigest.js";
import { hashAttestation } from "../packages/attestkit/src/attestation/hashAttestation.js";

export const benchSolverKey: Hex = keccak256(stringToHex("attestkit/bench/solver"));
export const benchSolver = privateKeyToAccount(benchSolverKey).address;

export type SignedAttestation = { requestId: Hex; requestData: Record<string, unknown>; signature: Hex };

/** Builds `count` attestations; every tenth has a tampered amount so both verdicts are exercised. */
export async function buildSignedAttestations(count: number): Promise<SignedAttestation[]> {
  const out: SignedAttestation[] = [];
  for (let i = 0; i < count; i++) {
    const seed = (label: string) => keccak256(stringToHex(`${label}/${i}`));
    const address = (label: string) => `0x${seed(label).slice(26)}` as Hex;
    const requestId = seed("request");
    const requestData = {
      originChainId: 1 + (i % 5),
      originUser: address("user"),
      originCurrency: i % 3 === 0 ? "0x0000000000000000000000000000000000000000" : address("currency"),
      originAmount: BigInt(seed("amount"))
        .toString()
        .slice(0, 1 + (i % 30)),
      destinationChainId: 8453,
      destinationUser: address("recipient"),
    };
    const hash = hashAttestation({ requestId, requestData });
    const signature = serializeSignature(
      await sign({ hash: attestationDigest({ hash }), privateKey: benchSolverKey }),
    );
    if (i % 10 === 9) requestData.originAmount = (BigInt(requestData.originAmount) + 1n).toString();
    out.push({ requestId, requestData, signature });
  }
  return out;
}

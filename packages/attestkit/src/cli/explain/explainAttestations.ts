import type { Hex } from "viem";
import { toAttestationWords } from "../../attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../attestation/types.js";
import { verifyAttestation } from "../../attestation/verifyAttestation.js";
import { getAttestation } from "../../client/actions/getAttestation.js";
import type { RequestOptions } from "../../client/createBaseClient.js";
import type { createClient } from "../../client/createClient.js";
import { ApiError } from "../../client/errors/request.js";

/** The fields of an attestation record (`requestData`), as `explain` compares them. */
export type SignedFields = Record<string, unknown> & {
  originChainId: unknown;
  originUser: string;
  originCurrency: string;
  originAmount?: unknown;
  destinationChainId: unknown;
  destinationUser: string;
  destinationCurrency?: string;
};

/** One attestation (v1 or v2) as `explain` reports it: its words, hashes and verdict. */
export type AttestationPart = {
  available: boolean;
  valid: boolean;
  requestData: SignedFields | null;
  signature: Hex | null;
  signer: string | null;
  words: { name: string; word: Hex }[];
  encoded: Hex | null;
  hash: Hex | null;
  digest: Hex | null;
  reason?: string;
  error?: string;
};

/** Both attestations fetched and recomputed word by word; `valid` when every available one is. */
export async function explainAttestations(
  client: ReturnType<typeof createClient>,
  call: RequestOptions,
  requestId: Hex,
  solvers: readonly string[],
) {
  const one = async (version: AttestationVersion): Promise<AttestationPart> => {
    let record: { requestData: Record<string, unknown>; signature: string };
    try {
      record = (await getAttestation(client, { requestId, version }, call)) as typeof record;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return {
          available: false,
          valid: false,
          requestData: null,
          signature: null,
          signer: null,
          words: [],
          encoded: null,
          hash: null,
          digest: null,
          error: "the service has no attestation for this request (yet)",
        };
      throw error;
    }
    const words = toAttestationWords({ requestId, requestData: record.requestData, version }).words.map(
      ([name, word]) => ({ name, word }),
    );
    const result = await verifyAttestation({ requestId, ...record, version, solvers });
    return {
      available: true,
      valid: result.valid,
      requestData: record.requestData as SignedFields,
      signature: record.signature as Hex,
      signer: result.signer,
      words,
      encoded: result.encoded,
      hash: result.hash,
      digest: result.digest,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  };
  const [v1, v2] = await Promise.all([one("v1"), one("v2")]);
  const available = [v1, v2].filter((part) => part.available);
  return { valid: available.length > 0 && available.every((part) => part.valid), solvers, v1, v2 };
}

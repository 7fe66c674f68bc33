import type { Hex } from "viem";
import { AccountWordOutOfRangeError, UnsupportedVmTypeError } from "../attestation/errors.js";
import { toAttestationWords } from "../attestation/toAttestationWords.js";
import type { AttestationVersion, EncodingOptions } from "../attestation/types.js";
import { verifyAttestation } from "../attestation/verifyAttestation.js";
import { getAttestation } from "../client/actions/getAttestation.js";
import type { RequestOptions } from "../client/createBaseClient.js";
import type { createClient } from "../client/createClient.js";
import { ApiError } from "../client/errors/request.js";
import type { UnjudgedPart } from "./parts.js";

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

/** One attestation (v1 or v2) as `explain` reports it: its words, hashes and verdict, or why it is not judged. */
export type AttestationPart = {
  available: boolean;
  /** True when its signature verifies against the solvers; false when it does not or is not judged. */
  valid: boolean;
  requestData: SignedFields | null;
  signature: Hex | null;
  signer: string | null;
  words: { name: string; word: Hex }[];
  encoded: Hex | null;
  hash: Hex | null;
  digest: Hex | null;
  /** Why the signature does not verify. */
  reason?: string;
  /** Why there is nothing to judge (no attestation) or it cannot be judged (a field's word). */
  error?: string;
  unjudged?: UnjudgedPart;
};

export type ExplainAttestationsParameters = {
  client: ReturnType<typeof createClient>;
  call: RequestOptions;
  requestId: Hex;
  /** The solvers whose signatures are valid. */
  solvers: readonly string[];
  /** Each chain's VM type and the bytes32 encoders for VMs without a published rule, as `verifyAttestation` takes them. */
  encoding?: EncodingOptions;
};

/** The fields of a part with nothing verified. */
const empty = (): Pick<
  AttestationPart,
  "valid" | "signature" | "signer" | "words" | "encoded" | "hash" | "digest"
> => ({
  valid: false,
  signature: null,
  signer: null,
  words: [],
  encoded: null,
  hash: null,
  digest: null,
});

/** The attestation of one version, fetched, recomputed word by word and verified. */
async function explainAttestation(
  { client, call, requestId, solvers, encoding }: ExplainAttestationsParameters,
  version: AttestationVersion,
): Promise<AttestationPart> {
  const part = `attestation ${version}`;
  let record: { requestData: Record<string, unknown>; signature: string };
  try {
    record = (await getAttestation(client, { requestId, version }, call)) as typeof record;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    const message = "the service has no attestation for this request (yet)";
    return {
      ...empty(),
      available: false,
      requestData: null,
      error: message,
      unjudged: { part, reason: "no-attestation", message },
    };
  }
  const requestData = record.requestData as SignedFields;
  try {
    const options = { requestId, requestData: record.requestData, version, ...encoding };
    const words = toAttestationWords(options).words.map(([name, word]) => ({ name, word }));
    const result = await verifyAttestation({ ...options, signature: record.signature, solvers });
    return {
      available: true,
      valid: result.valid,
      requestData,
      signature: record.signature as Hex,
      signer: result.signer,
      words,
      encoded: result.encoded,
      hash: result.hash,
      digest: result.digest,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  } catch (error) {
    const unjudged = unjudgedWord(part, error);
    if (!unjudged) throw error;
    return {
      ...empty(),
      available: true,
      requestData,
      signature: record.signature as Hex,
      error: unjudged.message,
      unjudged,
    };
  }
}

/** A field whose bytes32 word cannot be formed: no published encoding, or the layout rule refuses it. */
function unjudgedWord(part: string, error: unknown): UnjudgedPart | null {
  if (error instanceof UnsupportedVmTypeError)
    return {
      part,
      reason: "unsupported-vm",
      message: `${error.field} is on chain ${error.chainId} (${error.vmType}), which has no published bytes32 encoding`,
      chainId: Number(error.chainId),
    };
  if (error instanceof AccountWordOutOfRangeError)
    return { part, reason: "account-word", message: error.shortMessage };
  return null;
}

/**
 * Both attestations (v1 and v2), fetched and recomputed word by word; `valid` when every available
 * one verifies. One the service does not have (404) or whose words cannot be formed is not judged
 * (`unjudged`); any other failure of the service throws.
 *
 * @param parameters - {@link ExplainAttestationsParameters}
 * @returns Both parts and the solvers they were checked against.
 * @throws ApiError (not 404), NetworkError, TimeoutError from the service; a malformed record's typed error.
 * @example
 * const { v1, v2 } = await explainAttestations({ client, call: {}, requestId, solvers })
 */
export async function explainAttestations(parameters: ExplainAttestationsParameters) {
  const [v1, v2] = await Promise.all([
    explainAttestation(parameters, "v1"),
    explainAttestation(parameters, "v2"),
  ]);
  const judged = [v1, v2].filter((part) => part.available && !part.unjudged);
  return {
    valid: judged.length > 0 && judged.every((part) => part.valid),
    solvers: parameters.solvers,
    v1,
    v2,
  };
}

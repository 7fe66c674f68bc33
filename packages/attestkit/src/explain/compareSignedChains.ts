import type { StatusResponse } from "../schemas/index.js";
import type { SignedFields } from "./explainAttestations.js";
import type { Mismatch } from "./parts.js";

export type CompareSignedChainsParameters = {
  /** The status endpoint's answer. */
  status: StatusResponse;
  /** The attestation's fields (v1, else v2), or null when the service has none yet. */
  signed: SignedFields | null;
};

/**
 * The chains the attestation signed, compared with those the status names: a status that names
 * another origin or destination chain than was signed is a mismatch; one that names none is not.
 *
 * @param parameters - {@link CompareSignedChainsParameters}
 * @returns The mismatches, origin first.
 * @example
 * const mismatches = compareSignedChains({ status, signed: attestation.v1.requestData })
 */
export function compareSignedChains({ status, signed }: CompareSignedChainsParameters): Mismatch[] {
  if (!signed) return [];
  const mismatches: Mismatch[] = [];
  if (status.originChainId != null && String(signed.originChainId) !== String(status.originChainId))
    mismatches.push({
      field: "originChainId",
      against: "status",
      expected: String(signed.originChainId),
      actual: String(status.originChainId),
    });
  if (
    status.destinationChainId != null &&
    String(signed.destinationChainId) !== String(status.destinationChainId)
  )
    mismatches.push({
      field: "destinationChainId",
      against: "status",
      expected: String(signed.destinationChainId),
      actual: String(status.destinationChainId),
    });
  return mismatches;
}

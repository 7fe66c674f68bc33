import { getAddress } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type * as z from "zod";
import { hashAttestation } from "../../attestation/hashAttestation.js";
import type { responseSchemas } from "../../schemas/responses.js";
import type { DevnetRequest } from "../state/types.js";

export type BuildAttestationParameters = {
  request: DevnetRequest;
  /** `v1` for `/signature`, `v2` for `/signature/v2`. */
  version: "v1" | "v2";
  solver: PrivateKeyAccount;
};

/**
 * Answers `GET /requests/{requestId}/signature` (v1: the amount is signed) and `/signature/v2` (the
 * destination currency instead): `{requestData, signature}`, signed by the devnet solver over
 * `hashAttestation` as a raw EIP-191 message, exactly like the live solver.
 *
 * @param parameters - {@link BuildAttestationParameters}
 * @returns The attestation record.
 * @example
 * const { requestData, signature } = await buildAttestation({ request, version: "v1", solver })
 */
export async function buildAttestation({ request, version, solver }: BuildAttestationParameters) {
  const common = {
    originChainId: request.originChainId,
    originUser: getAddress(request.user),
    originCurrency: getAddress(request.originCurrency),
  };
  const requestData =
    version === "v1"
      ? {
          ...common,
          originAmount: request.amountIn.toString(),
          destinationChainId: request.destinationChainId,
          destinationUser: getAddress(request.recipient),
        }
      : {
          ...common,
          destinationChainId: request.destinationChainId,
          destinationUser: getAddress(request.recipient),
          destinationCurrency: getAddress(request.destinationCurrency),
        };
  const hash = hashAttestation({ requestId: request.requestId, requestData, version });
  const signature = await solver.signMessage({ message: { raw: hash } });
  return { requestData, signature } satisfies z.input<typeof responseSchemas.attestation>;
}

import { devnetBytes32Encoders, vmTypeOfChain } from "attestkit/attestation";
import type { responseSchemas } from "attestkit/schemas";
import { getAddress } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type * as z from "zod";
import type { DevnetRequest } from "../state/types.js";
import { type HashRawAttestationParameters, hashRawAttestation } from "./hashRawAttestation.js";

export type BuildAttestationParameters = {
  request: DevnetRequest;
  /** `v1` for `/signature`, `v2` for `/signature/v2`. */
  version: "v1" | "v2";
  solver: PrivateKeyAccount;
};

/**
 * Answers `GET /requests/{requestId}/signature` (v1: the amount is signed) and `/signature/v2` (the
 * destination currency instead): `{requestData, signature}`, signed by the devnet solver over the
 * raw tuple's hash (`hashRawAttestation`, no layout rule) as a raw EIP-191 message, exactly like the
 * live solver. Fields on Bitcoin and the external exchange are kept as written (a `bc1…` address, an
 * account index) and signed with the devnet's named encoder (`devnetBytes32Encoders`), which
 * verifiers accept only when given it.
 *
 * @param parameters - {@link BuildAttestationParameters}
 * @returns The attestation record.
 * @example
 * const { requestData, signature } = await buildAttestation({ request, version: "v1", solver })
 */
export async function buildAttestation({ request, version, solver }: BuildAttestationParameters) {
  // EVM fields checksummed; Bitcoin and exchange fields as written.
  const on = (chainId: number, value: string) =>
    vmTypeOfChain({ chainId: BigInt(chainId) }) === "evm" ? getAddress(value) : value;
  const origin = (value: string) => on(request.originChainId, value);
  const destination = (value: string) => on(request.destinationChainId, value);
  const common = {
    originChainId: request.originChainId,
    originUser: origin(request.user),
    originCurrency: origin(request.originCurrency),
  };
  const signed: HashRawAttestationParameters =
    version === "v1"
      ? {
          version,
          requestId: request.requestId,
          requestData: {
            ...common,
            originAmount: request.amountIn.toString(),
            destinationChainId: request.destinationChainId,
            destinationUser: destination(request.recipient),
          },
          encoders: devnetBytes32Encoders,
        }
      : {
          version,
          requestId: request.requestId,
          requestData: {
            ...common,
            destinationChainId: request.destinationChainId,
            destinationUser: destination(request.recipient),
            destinationCurrency: destination(request.destinationCurrency),
          },
          encoders: devnetBytes32Encoders,
        };
  // The raw tuple, as the live solver signs it: a low recipient (0x…dEaD) is signed, and refused by
  // the verifiers' layout rule, never by this endpoint.
  const signature = await solver.signMessage({ message: { raw: hashRawAttestation(signed) } });
  const { requestData } = signed;
  return { requestData, signature } satisfies z.input<typeof responseSchemas.attestation>;
}

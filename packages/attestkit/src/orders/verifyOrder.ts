import type { Address, Hex } from "viem";
import { defaultSolvers } from "../attestation/constants.js";
import { InvalidSignatureError } from "../attestation/errors.js";
import { type CheckPaymentDetailsErrorType, checkPaymentDetails } from "./checkPaymentDetails.js";
import type { InvalidOrderFieldErrorType } from "./errors.js";
import { hashOrderStructs } from "./hashOrderStructs.js";
import { readArray, readEvmAddress, readOrderId } from "./internal/readers.js";
import { orderIdDigest } from "./orderIdDigest.js";
import { type RecoverOrderIdSignerErrorType, recoverOrderIdSigner } from "./recoverOrderIdSigner.js";
import { type ToOrderStructErrorType, toOrderStruct } from "./toOrderStruct.js";
import type { OrderCheck, OrderCheckReason, OrderEncodingOptions, VerifyOrderResult } from "./types.js";

export type VerifyOrderParameters = OrderEncodingOptions & {
  /** `protocol.v2.orderId`. */
  orderId: unknown;
  /** `protocol.v2.orderData`. */
  orderData: unknown;
  /** `protocol.v2.orderSignature` (present when the quote was requested with `includeProtocolData: true`). */
  orderSignature: unknown;
  /** `protocol.v2.paymentDetails`. */
  paymentDetails: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
};

export type VerifyOrderReturnType = VerifyOrderResult;

export type VerifyOrderErrorType =
  | ToOrderStructErrorType
  | CheckPaymentDetailsErrorType
  | RecoverOrderIdSignerErrorType
  | InvalidOrderFieldErrorType;

/**
 * Verifies a quote's order (`protocol.v2`) and lists every check:
 * 1. `orderId`: recomputed from `orderData` (`hashStruct`, no domain), equal to the given one;
 * 2. `signature`: `orderSignature` obeys the attestation signature rules and recovers a key from
 *    the EIP-191 digest of the recomputed id (so the signature covers the order's content);
 * 3. `signer`: that key is one of `solvers`;
 * 4. `paymentDetails`: chain, currency and amount equal the signed payment;
 * 5. `depository`: the chain's known depository.
 *
 * Malformed input throws a typed error naming the field, read in this order: `solvers`,
 * `orderData` (EIP-712 order), `orderId`, `paymentDetails`, `orderSignature`. A well-formed quote
 * that fails a check returns `valid: false` with the first failed check's `reason`.
 *
 * @param parameters - {@link VerifyOrderParameters}
 * @returns The verdict and every intermediate value. {@link VerifyOrderReturnType}
 * @example
 * const { valid, checks } = await verifyOrder({ ...quote.protocol.v2, chains })
 */
export async function verifyOrder(parameters: VerifyOrderParameters): Promise<VerifyOrderReturnType> {
  const solvers = readSolvers(parameters.solvers ?? defaultSolvers);
  const struct = toOrderStruct(parameters);
  const givenOrderId = readOrderId("orderId", parameters.orderId);
  const [payment, depository] = checkPaymentDetails({ ...parameters, struct });

  const structHashes = hashOrderStructs({ struct });
  const orderId = (structHashes.at(-1) as { hash: Hex }).hash;
  const digest = orderIdDigest({ orderId });

  let signer: Address | null = null;
  let signature: OrderCheck = { name: "signature", ok: true };
  try {
    // Over the recomputed id, never the given one.
    signer = await recoverOrderIdSigner({ orderId, signature: parameters.orderSignature });
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    signature = { name: "signature", ok: false, reason: error.reason as OrderCheckReason };
  }
  const expected = solvers.join(", ");
  const signerCheck: OrderCheck =
    signer === null
      ? { name: "signer", ok: false, reason: "no-signer", expected }
      : solvers.includes(signer.toLowerCase() as Hex)
        ? { name: "signer", ok: true, expected, actual: signer }
        : { name: "signer", ok: false, reason: "signer-not-allowed", expected, actual: signer };

  const checks: OrderCheck[] = [
    orderId === givenOrderId
      ? { name: "orderId", ok: true, expected: orderId, actual: givenOrderId }
      : { name: "orderId", ok: false, reason: "orderId-mismatch", expected: orderId, actual: givenOrderId },
    signature,
    signerCheck,
    payment,
    depository,
  ];
  const failed = checks.find((check) => !check.ok);
  return {
    valid: failed === undefined,
    version: struct.version,
    orderId,
    givenOrderId,
    structHashes,
    digest,
    signer,
    checks,
    ...(failed?.reason ? { reason: failed.reason } : {}),
  };
}

/** Solvers are EVM addresses (mixed case must be EIP-55), compared lowercase. */
function readSolvers(solvers: unknown): Hex[] {
  return readArray("solvers", solvers).map((solver, i) => readEvmAddress(`solvers[${i}]`, solver));
}

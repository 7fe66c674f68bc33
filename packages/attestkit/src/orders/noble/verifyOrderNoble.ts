import { InvalidSignatureError } from "../../attestation/errors.js";
import { bytesToHex } from "../../attestation/noble/bytesToHex.js";
import { hexToBytes } from "../../attestation/noble/hexToBytes.js";
import { personalDigest } from "../../attestation/noble/personalDigest.js";
import { InvalidOrderFieldError, MissingOrderFieldError } from "../errors.js";
import type { OrderCheck, OrderCheckReason, OrderEncodingOptions, VerifyOrderResult } from "../types.js";
import type { CheckPaymentDetailsNobleErrorType } from "./checkPaymentDetailsNoble.js";
import { checkPaymentDetailsNoble } from "./checkPaymentDetailsNoble.js";
import { hashOrderNoble } from "./hashOrderNoble.js";
import { readArrayNoble, readEvmAddressNoble } from "./internal/readersNoble.js";
import type { NormalizeOrderNobleErrorType } from "./normalizeOrderNoble.js";
import type { RecoverOrderIdSignerNobleErrorType } from "./recoverOrderIdSignerNoble.js";
import { recoverOrderIdSignerNoble } from "./recoverOrderIdSignerNoble.js";

export type VerifyOrderNobleParameters = OrderEncodingOptions & {
  /** `protocol.v2.orderId`. */
  orderId: unknown;
  /** `protocol.v2.orderData`. */
  orderData: unknown;
  /** `protocol.v2.orderSignature`. */
  orderSignature: unknown;
  /** `protocol.v2.paymentDetails`. */
  paymentDetails: unknown;
  /** Solvers whose signature is accepted; the live solver when omitted. */
  solvers?: readonly string[] | undefined;
};

export type VerifyOrderNobleReturnType = VerifyOrderResult;

const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

/** Malformed input, read in `verifyOrder`'s order; a check that fails is a verdict, never one of these. */
export type VerifyOrderNobleErrorType =
  | NormalizeOrderNobleErrorType
  | CheckPaymentDetailsNobleErrorType
  | RecoverOrderIdSignerNobleErrorType;

/**
 * Verifies a quote's order with nothing but `@noble/hashes`, `@noble/curves` and hand-written
 * codecs: the same checks, verdict, intermediate values and errors as `verifyOrder`, computed
 * independently of it (see `verifyOrder` for the checks and the order inputs are read in).
 *
 * @param parameters - {@link VerifyOrderNobleParameters}
 * @returns The verdict. {@link VerifyOrderNobleReturnType}
 * @example
 * const { valid, checks } = verifyOrderNoble({ ...quote.protocol.v2, chains })
 */
export function verifyOrderNoble(parameters: VerifyOrderNobleParameters): VerifyOrderNobleReturnType {
  const solvers = readArrayNoble("solvers", parameters.solvers ?? [liveSolver]).map((solver, i) =>
    bytesToHex(readEvmAddressNoble(`solvers[${i}]`, solver)),
  );
  // Hashing cannot fail once the order is read, so the read order stays: order, id, details, signature.
  const { version, orderId, structHashes, payment } = hashOrderNoble(parameters);
  const given = parameters.orderId;
  if (given === undefined || given === null) throw new MissingOrderFieldError({ field: "orderId" });
  const givenBytes = typeof given === "string" && given.length === 66 ? hexToBytes(given) : undefined;
  if (givenBytes === undefined)
    throw new InvalidOrderFieldError({ field: "orderId", value: given, reason: "not 32 bytes of 0x hex" });
  const givenOrderId = bytesToHex(givenBytes);
  const [paymentCheck, depositoryCheck] = checkPaymentDetailsNoble({ ...parameters, payment });

  const idBytes = hexToBytes(orderId) as Uint8Array;
  const digest = bytesToHex(personalDigest(idBytes));
  let signer: `0x${string}` | null = null;
  let signature: OrderCheck = { name: "signature", ok: true };
  try {
    signer = recoverOrderIdSignerNoble({ orderId: idBytes, signature: parameters.orderSignature });
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    signature = { name: "signature", ok: false, reason: error.reason as OrderCheckReason };
  }

  const expected = solvers.join(", ");
  let signerCheck: OrderCheck;
  if (signer === null) signerCheck = { name: "signer", ok: false, reason: "no-signer", expected };
  else if (solvers.includes(signer.toLowerCase() as `0x${string}`))
    signerCheck = { name: "signer", ok: true, expected, actual: signer };
  else signerCheck = { name: "signer", ok: false, reason: "signer-not-allowed", expected, actual: signer };

  const idCheck: OrderCheck =
    orderId === givenOrderId
      ? { name: "orderId", ok: true, expected: orderId, actual: givenOrderId }
      : { name: "orderId", ok: false, reason: "orderId-mismatch", expected: orderId, actual: givenOrderId };
  const checks = [idCheck, signature, signerCheck, paymentCheck, depositoryCheck];
  const failed = checks.find((check) => !check.ok);
  const result: VerifyOrderResult = {
    valid: failed === undefined,
    version,
    orderId,
    givenOrderId,
    structHashes,
    digest,
    signer,
    checks,
  };
  if (failed?.reason) result.reason = failed.reason;
  return result;
}

/**
 * The second, independent verifier (`attestkit/noble`): written only on `@noble/curves` and
 * `@noble/hashes`, step by step as an auditor reproduces an attestation by hand. It accepts and
 * rejects exactly what the viem path does.
 *
 * @module noble
 */
export type { AddressWordErrorType } from "./addressWord.js";
export {
  type EncodeAttestationNobleErrorType,
  type EncodeAttestationNobleParameters,
  type EncodeAttestationNobleReturnType,
  encodeAttestationNoble,
} from "./encodeAttestationNoble.js";
export type { ParseAmountErrorType } from "./parseAmount.js";
export type { ParseChainIdErrorType } from "./parseChainId.js";
export {
  type ParseSignatureNobleErrorType,
  type ParseSignatureNobleReturnType,
  parseSignatureNoble,
} from "./parseSignatureNoble.js";
export { type PersonalDigestErrorType, personalDigest } from "./personalDigest.js";
export { type PublicKeyToAddressErrorType, publicKeyToAddress } from "./publicKeyToAddress.js";
export {
  type RecoverSignerNobleErrorType,
  type RecoverSignerNobleParameters,
  recoverSignerNoble,
} from "./recoverSignerNoble.js";
export type { RequestIdWordErrorType } from "./requestIdWord.js";
export {
  type VerifyAttestationNobleErrorType,
  type VerifyAttestationNobleParameters,
  type VerifyAttestationNobleReturnType,
  verifyAttestationNoble,
} from "./verifyAttestationNoble.js";
export {
  type VerifyDigestNobleErrorType,
  type VerifyDigestNobleParameters,
  type VerifyDigestNobleReturnType,
  verifyDigestNoble,
} from "./verifyDigestNoble.js";

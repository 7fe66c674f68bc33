/**
 * The second, independent order verifier (`attestkit/orders/noble`): a hand-written EIP-712
 * encoder, hand-written address codecs and recovery on `@noble/hashes` and `@noble/curves`. It
 * accepts and rejects exactly what the viem path (`attestkit/orders`) does.
 *
 * @module orders/noble
 */
export { base58checkDecode } from "./base58checkDecode.js";
export { type Bech32DecodeReturnType, bech32Decode, wordsToBytes } from "./bech32Decode.js";
export {
  type CheckPaymentDetailsNobleErrorType,
  type CheckPaymentDetailsNobleParameters,
  checkPaymentDetailsNoble,
} from "./checkPaymentDetailsNoble.js";
export {
  encodeTypeNoble,
  type HashStructNobleErrorType,
  type HashStructNobleParameters,
  hashStructNoble,
  type OnStructNoble,
  type ParseTypesNobleErrorType,
  parseTypesNoble,
  type TypesNoble,
  type ValueNoble,
} from "./eip712Noble.js";
export {
  type EncodeOrderAddressNobleErrorType,
  type EncodeOrderAddressNobleParameters,
  encodeOrderAddressNoble,
} from "./encodeOrderAddressNoble.js";
export {
  type HashOrderNobleErrorType,
  type HashOrderNobleParameters,
  type HashOrderNobleReturnType,
  hashOrderNoble,
} from "./hashOrderNoble.js";
export {
  type NormalizeOrderNobleErrorType,
  type NormalizeOrderNobleParameters,
  type NormalizeOrderNobleReturnType,
  normalizeOrderNoble,
} from "./normalizeOrderNoble.js";
export { orderTypeStringsNoble } from "./orderTypesNoble.js";
export {
  type RecoverOrderIdSignerNobleErrorType,
  type RecoverOrderIdSignerNobleParameters,
  type RecoverOrderIdSignerNobleReturnType,
  recoverOrderIdSignerNoble,
} from "./recoverOrderIdSignerNoble.js";
export {
  type RecoverOrderSignerNobleErrorType,
  type RecoverOrderSignerNobleParameters,
  type RecoverOrderSignerNobleReturnType,
  recoverOrderSignerNoble,
} from "./recoverOrderSignerNoble.js";
export {
  type VerifyOrderNobleErrorType,
  type VerifyOrderNobleParameters,
  type VerifyOrderNobleReturnType,
  verifyOrderNoble,
} from "./verifyOrderNoble.js";
export {
  type VerifyQuoteNobleErrorType,
  type VerifyQuoteNobleParameters,
  verifyQuoteNoble,
} from "./verifyQuoteNoble.js";

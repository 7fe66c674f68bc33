/**
 * The main entry: the attestation scheme (encode, hash, digest, recover, verify) and the errors every
 * part throws. The other parts have their own entries (`attestkit/client`, `attestkit/webhooks`, ...).
 *
 * @module attestkit
 */

export type {
  AccountWordOutOfRangeErrorType,
  InvalidAddressErrorType,
  InvalidAmountErrorType,
  InvalidChainIdErrorType,
  InvalidEncoderOutputErrorType,
  InvalidRequestIdErrorType,
  InvalidSignatureErrorType,
  InvalidSignatureHexErrorType,
  InvalidSignatureLengthErrorType,
  MissingFieldErrorType,
  UnsupportedVmTypeErrorType,
} from "./attestation/errors.js";
export {
  AccountWordOutOfRangeError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidChainIdError,
  InvalidEncoderOutputError,
  InvalidRequestIdError,
  InvalidSignatureError,
  InvalidSignatureHexError,
  InvalidSignatureLengthError,
  MissingFieldError,
  UnsupportedVmTypeError,
} from "./attestation/errors.js";
export * from "./attestation/index.js";
export * from "./errors/index.js";
export type {
  InvalidOrderAddressErrorType,
  InvalidOrderFieldErrorType,
  InvalidTrustRootErrorType,
  LegacyBitcoinEncodingRequiredErrorType,
  MissingOrderErrorType,
  MissingOrderFieldErrorType,
  UnknownOrderChainErrorType,
  UnpayableOrderErrorType,
  UnsupportedOrderVersionErrorType,
} from "./orders/errors.js";
export {
  InvalidOrderAddressError,
  InvalidOrderFieldError,
  InvalidTrustRootError,
  LegacyBitcoinEncodingRequiredError,
  MissingOrderError,
  MissingOrderFieldError,
  UnknownOrderChainError,
  UnpayableOrderError,
  UnsupportedOrderVersionError,
} from "./orders/errors.js";

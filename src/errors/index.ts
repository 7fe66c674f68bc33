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
} from "./attestation.js";
export { BaseError, type BaseErrorParameters, type BaseErrorType } from "./BaseError.js";
export {
  InvalidOrderAddressError,
  InvalidOrderFieldError,
  LegacyBitcoinEncodingRequiredError,
  MissingOrderError,
  MissingOrderFieldError,
  UnknownOrderChainError,
  UnpayableOrderError,
  UnsupportedOrderVersionError,
} from "./orders.js";
export { version } from "./version.js";

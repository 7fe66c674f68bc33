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
export { version } from "./version.js";

export { BaseError, type BaseErrorParameters, type BaseErrorType } from "./BaseError.js";
export { describeError, type ErrorDescription } from "./describeError.js";
export { type ShowValueOptions, showValue } from "./showValue.js";
export { version } from "./version.js";

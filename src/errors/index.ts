export { BaseError, type BaseErrorParameters, type BaseErrorType } from "./BaseError.js";
export { version } from "./version.js";

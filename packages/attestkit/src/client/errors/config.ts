// Errors of the client's configuration and of the options of one call.
import { BaseError } from "../../errors/BaseError.js";

/** `createClient` was given a configuration it cannot use. */
export class InvalidClientConfigError extends BaseError {
  readonly field: string;
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`Client option "${field}" is invalid: ${reason}.`, {
      name: "InvalidClientConfigError",
      metaMessages: field.startsWith("network")
        ? ["network is 'mainnet', 'testnet' or { baseUrl: 'http(s)://...' }."]
        : [],
    });
    this.field = field;
  }
}

/** {@link InvalidClientConfigError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidClientConfigErrorType = InvalidClientConfigError & { name: "InvalidClientConfigError" };

/** An action was given an option it cannot use (a timeout of NaN, a negative interval, ...). Nothing was sent. */
export class InvalidOptionError extends BaseError {
  /** The option, as `action.option` (`waitForStatus.timeoutMs`, `request.timeoutMs`). */
  readonly option: string;
  readonly value: unknown;
  constructor({ option, value, reason }: { option: string; value: unknown; reason: string }) {
    super(`Option "${option}" is invalid: ${reason}.`, { name: "InvalidOptionError" });
    this.option = option;
    this.value = value;
  }
}

/** {@link InvalidOptionError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type InvalidOptionErrorType = InvalidOptionError & { name: "InvalidOptionError" };

// Errors of the client's configuration.
import { BaseError } from "../../errors/BaseError.js";

/** `createClient` was given a configuration it cannot use. */
export class InvalidClientConfigError extends BaseError {
  readonly field: string;
  constructor({ field, reason }: { field: string; reason: string }) {
    super(`Client option "${field}" is invalid: ${reason}.`, {
      name: "InvalidClientConfigError",
      metaMessages: ["network is 'mainnet', 'testnet' or { baseUrl: 'http(s)://...' }."],
    });
    this.field = field;
  }
}

import { DevnetApiError } from "../errors.js";

/**
 * The 404 of a deposit address the devnet never made (`GET /deposit-addresses/v1`,
 * `POST /transactions/deposit-address/reindex`): one place for the answer, so both word it alike.
 *
 * @param what - What was asked for, as the message names it.
 * @returns The error to throw: 404 `{message, errorCode: "DEPOSIT_ADDRESS_NOT_FOUND"}`.
 * @example
 * if (!request) throw depositAddressNotFound(`deposit address ${address}`)
 */
export function depositAddressNotFound(what: string): DevnetApiError {
  return new DevnetApiError({
    status: 404,
    errorCode: "DEPOSIT_ADDRESS_NOT_FOUND",
    message: `No ${what}: the devnet made no such deposit address.`,
  });
}

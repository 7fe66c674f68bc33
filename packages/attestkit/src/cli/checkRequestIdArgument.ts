import { InvalidRequestError } from "../schemas/errors.js";
import { validateRequest } from "../schemas/validateRequest.js";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

/**
 * Checks a request id typed on the command line by the status request's rule (interface, "Status":
 * 0x and 64 hex digits) and tells a broken rule of the argument that gave it, not of the request
 * body's field: `REQUEST_ID "0x1234" must be 0x and 64 hex digits.`
 *
 * @param requestId - The argument as typed.
 * @param where - How the command's help names it. Default `REQUEST_ID`.
 * @throws {CliError} Exit code 2, `field` set to `where`, when the id breaks the rule.
 * @example
 * checkRequestIdArgument("0x1234") // throws: REQUEST_ID "0x1234" must be 0x and 64 hex digits.
 */
export function checkRequestIdArgument(requestId: string, where = "REQUEST_ID"): void {
  try {
    validateRequest({ endpoint: "status", body: { requestId } });
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    const message = error.issues.map((issue) => issue.message).join("; ");
    throw new CliError(`${where} ${JSON.stringify(requestId)} ${message}.`, {
      exitCode: exitCodes.badInput,
      field: where,
      cause: error,
    });
  }
}

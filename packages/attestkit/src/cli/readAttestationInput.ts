import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";
import { inputLimits } from "./inputLimits.js";
import { misplacedAttestationInput } from "./misplacedAttestationInput.js";
import { parseJsonObjectText } from "./parseJsonObjectText.js";
import { readBoundedFile } from "./readBoundedFile.js";

export type AttestationInput = {
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
};

/**
 * Reads the signature endpoint's answer (`{requestData, signature}`, optionally `requestId`) from a
 * file (or `-` for standard input). The request id comes from the flag, else the file. A history of
 * attestations or a quote is refused with the command that reads it (`misplacedAttestationInput`).
 */
export function readAttestationInput({
  file,
  requestId,
}: {
  file: string;
  requestId?: string | undefined;
}): AttestationInput {
  const text = readBoundedFile({ file, ...inputLimits.attestation });
  const misplaced = misplacedAttestationInput({ file, text });
  if (misplaced) throw misplaced;
  const record = parseJsonObjectText({ file, text, what: inputLimits.attestation.what });
  if (!record.requestData || typeof record.requestData !== "object")
    throw new CliError(`${file === "-" ? "The standard input" : file} has no "requestData" object.`, {
      exitCode: exitCodes.badInput,
    });
  const id = requestId ?? record.requestId;
  if (id === undefined)
    throw new CliError('No request id: pass --request-id or put "requestId" in the file.', {
      exitCode: exitCodes.badInput,
    });
  return {
    requestId: id,
    requestData: record.requestData as Record<string, unknown>,
    signature: record.signature,
  };
}

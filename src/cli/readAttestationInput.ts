import { readFileSync } from "node:fs";
import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

export type AttestationInput = {
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
};

/**
 * Reads the signature endpoint's answer (`{requestData, signature}`, optionally `requestId`) from a
 * file (or `-` for standard input). The request id comes from the flag, else the file.
 */
export function readAttestationInput({
  file,
  requestId,
}: {
  file: string;
  requestId?: string | undefined;
}): AttestationInput {
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (cause) {
    throw new CliError(`Cannot read ${file}.`, { exitCode: exitCodes.badInput, cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new CliError(`${file} is not JSON.`, { exitCode: exitCodes.badInput, cause });
  }
  if (!json || typeof json !== "object" || Array.isArray(json))
    throw new CliError(`${file} must hold one object {requestData, signature}.`, {
      exitCode: exitCodes.badInput,
    });
  const record = json as Record<string, unknown>;
  if (!record.requestData || typeof record.requestData !== "object")
    throw new CliError(`${file} has no "requestData" object.`, { exitCode: exitCodes.badInput });
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

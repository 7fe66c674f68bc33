import { CliError } from "./cliError.js";
import { exitCodes } from "./exitCodes.js";

export type MisplacedAttestationInputParameters = {
  /** The path given for one attestation (`verify --file`, `encode --file`), or `-`. */
  file: string;
  /** Its text. */
  text: string;
};

/**
 * What a file given for one attestation holds instead, when it is another input of attestkit, as
 * bad input (exit 2) that names the command for it: a history of attestations (JSON Lines, one
 * record a line as `collect` writes them, or a JSON array of records), which `attestkit audit`
 * verifies; or a quote (a `POST /quote/v2` answer or its `protocol.v2` order), which
 * `attestkit verify --quote` verifies. Anything else is left to the caller's own checks.
 *
 * @param parameters - {@link MisplacedAttestationInputParameters}
 * @returns The error to throw, or undefined.
 * @example
 * const misplaced = misplacedAttestationInput({ file, text }); if (misplaced) throw misplaced
 */
export function misplacedAttestationInput({
  file,
  text,
}: MisplacedAttestationInputParameters): CliError | undefined {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const first = parseOrUndefined(lines[0] ?? "");
  const whole = lines.length > 1 ? parseOrUndefined(text) : first;
  const history = Array.isArray(whole) || (lines.length > 1 && whole === undefined && isObject(first));
  if (history)
    return new CliError(`${file} is a history of attestations, not one attestation.`, {
      exitCode: exitCodes.badInput,
      metaMessages: [
        `Verify every record of it with: attestkit audit ${file}   (with --v2 for /signature/v2 records)`,
      ],
    });
  if (isObject(whole) && !("requestData" in whole) && isQuote(whole))
    return new CliError(`${file} is a quote (a POST /quote/v2 answer), not an attestation.`, {
      exitCode: exitCodes.badInput,
      metaMessages: [`Verify the order it carries with: attestkit verify --quote ${file}`],
    });
  return undefined;
}

/** A quote answer (`steps`, `protocol`), or its `protocol.v2` order (`orderData`, `orderSignature`). */
function isQuote(json: Record<string, unknown>): boolean {
  return (
    Array.isArray(json.steps) || isObject(json.protocol) || "orderData" in json || "orderSignature" in json
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

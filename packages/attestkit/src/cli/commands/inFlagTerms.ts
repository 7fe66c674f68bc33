import type { InvalidRequestError, RequestIssue } from "../../schemas/errors.js";
import { CliError } from "../cliError.js";
import { exitCodes } from "../exitCodes.js";
import { bodyFlags, type QuoteOptions } from "./quoteOptions.js";

/** `originChainId` -> `--origin-chain-id`. */
const toFlag = (field: string) => `--${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/**
 * A request that breaks a rule, told in the words of the command line: the flag that set the
 * field (`--amount must be digits only`), or the field of `--file` that did. `quote` and `execute`
 * both refuse a request in these terms.
 *
 * @param error - The request's refusal by its schema (`getQuote`).
 * @param options - The command's options: which flags were given.
 * @returns The error to report, exit code 2.
 * @example
 * throw error instanceof InvalidRequestError ? inFlagTerms(error, options) : error
 */
export function inFlagTerms(error: InvalidRequestError, options: QuoteOptions): CliError {
  const where = ({ field }: RequestIssue): string => {
    const top = field.split(".")[0] as string;
    const flag = (bodyFlags as readonly string[]).includes(top) ? toFlag(top) : undefined;
    if (flag && options[top as (typeof bodyFlags)[number]] !== undefined) return flag;
    if (options.file !== undefined && field !== "")
      return `"${field}" of ${options.file}${flag ? ` (or ${flag})` : ""}`;
    if (flag) return flag;
    return field === "" ? "the request" : `"${field}" (not a flag: set it in --file)`;
  };
  const [first, ...rest] = error.issues as [RequestIssue, ...RequestIssue[]];
  // A field refused as a typo of a known one may still be a field the service added.
  const allow = error.issues
    .filter((issue) => issue.suggestion !== undefined && options.strictFields !== true)
    .map((issue) => `If the service really takes "${issue.field}", pass --allow-field ${issue.field}.`);
  return new CliError(`${where(first)} ${first.message}`.replace(/[^.?!]$/, "$&."), {
    exitCode: exitCodes.badInput,
    cause: error,
    field: where(first),
    metaMessages: [...rest.map((issue) => `also: ${where(issue)} ${issue.message}`), ...allow],
  });
}

import { findUnknownFields } from "../../schemas/findUnknownFields.js";
import type { QuoteOptions } from "./quoteOptions.js";

/**
 * Warns, one line each on stderr, about the fields of a quote request that attestkit does not know
 * and will send as given (the service adds fields after any interface is written): the field, where
 * it came from and the flag that refuses it instead. Near misses of known fields (`slipageTolerance`)
 * are not warned about: `getQuote` refuses them, with the field they resemble. With
 * `--strict-fields` nothing is warned: every unknown field is refused.
 *
 * @param body - The request body built from `--file` and the flags.
 * @param options - The command's options (`--file`, `--strict-fields`, `--allow-field`).
 * @param warn - Writes one line to stderr.
 * @example
 * warnUnknownFields(body, options, io.err)
 * // warning: "futureField" of req.json is not a quote field attestkit knows: sent as given (--strict-fields refuses it).
 */
export function warnUnknownFields(
  body: Readonly<Record<string, unknown>>,
  options: QuoteOptions,
  warn: (line: string) => void,
): void {
  if (options.strictFields) return;
  const where = options.file === undefined ? "" : ` of ${options.file === "-" ? "stdin" : options.file}`;
  for (const field of findUnknownFields({ endpoint: "quote", body, allowFields: options.allowField })) {
    if (field.suggestion !== undefined || field.endpointOf !== undefined) continue;
    warn(
      `warning: "${field.field}"${where} is not a quote field attestkit knows: sent as given (--strict-fields refuses it).`,
    );
  }
}

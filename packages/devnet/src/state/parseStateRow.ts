import { CorruptStateError } from "./errors.js";
import { parseState } from "./parseState.js";

export type ParseStateRowParameters = {
  /** The database file, named in the error. */
  path: string;
  /** The stored JSON text. */
  text: string;
  /** The table (and journal) it was read from, named in the error. */
  location: string;
  /** The row's key or sequence number, named in the error. */
  row: string | number;
};

/**
 * Reads one stored JSON text of the state database (`parseState`: bigints restored), so a row
 * damaged on disk stops the start with an error naming it instead of a bare `SyntaxError`.
 *
 * @param parameters - {@link ParseStateRowParameters}
 * @returns The stored value.
 * @throws {CorruptStateError} For a row that is not JSON, naming the file, the table and the row.
 * @example
 * parseStateRow({ path, text: row.json, location: "requests", row: row.id })
 */
export function parseStateRow({ path, text, location, row }: ParseStateRowParameters): unknown {
  try {
    return parseState(text);
  } catch (cause) {
    throw new CorruptStateError({ path, location, row, reason: "is not JSON", cause });
  }
}

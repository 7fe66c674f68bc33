import { BaseError } from "attestkit";

/**
 * A row of the state database cannot be read back: not JSON, or not the shape its table holds, or
 * a journal that does not replay to what it recorded. The devnet refuses to start on it rather than
 * come back with a state that differs from what it answered before.
 */
export class CorruptStateError extends BaseError {
  override name = "CorruptStateError";
  /** The database file. */
  readonly path: string;
  /** Where in it: the table, and the journal or record name. */
  readonly location: string;
  /** The row's sequence number or key, when one row is at fault. */
  readonly row: string | undefined;
  constructor({
    path,
    location,
    row,
    reason,
    cause,
  }: {
    path: string;
    location: string;
    row?: string | number | undefined;
    reason: string;
    cause?: unknown;
  }) {
    super(
      `The state in ${path} cannot be restored: ${location}${row === undefined ? "" : ` row ${row}`} ${reason}.`,
      {
        metaMessages: [
          `file: ${path}`,
          `at: ${location}${row === undefined ? "" : ` row ${row}`}`,
          "Start with another --state directory (or a copy of this one made before the fault).",
        ],
        ...(cause === undefined ? {} : { cause }),
      },
    );
    this.path = path;
    this.location = location;
    this.row = row === undefined ? undefined : String(row);
  }
}

/** {@link CorruptStateError}, with its `name` as a literal: a union of these narrows on `error.name`. */
export type CorruptStateErrorType = CorruptStateError & { name: "CorruptStateError" };

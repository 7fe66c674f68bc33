import { describeError } from "../errors/describeError.js";
import type { AuditErrorDescription } from "./types.js";

/**
 * Describes a thrown error as plain data (the shared `describeError`), so that it can cross a worker
 * thread and be printed as JSON: the error's name, the field it names (if any) and its one-line
 * message.
 *
 * @param error - Anything that was thrown.
 * @returns `{ name, field?, message }`. {@link AuditErrorDescription}
 * @example
 * describeAuditError(new MissingFieldError({ field: "originAmount" }))
 * // { name: "MissingFieldError", field: "originAmount", message: 'Field "originAmount" is missing.' }
 */
export function describeAuditError(error: unknown): AuditErrorDescription {
  return describeError(error);
}

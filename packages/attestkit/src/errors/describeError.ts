import { BaseError } from "./BaseError.js";

/** An error as plain data: what the CLI prints as JSON and what crosses a worker thread. */
export type ErrorDescription = {
  /** The error class, e.g. `InvalidAmountError`. */
  name: string;
  /** The field the error names, when it names one. */
  field?: string;
  /** Its one-line message. */
  message: string;
};

/**
 * Describes a thrown error as plain data: its name, the field it names (if any) and its one-line
 * message (`shortMessage` for attestkit's errors).
 *
 * @param error - Anything that was thrown.
 * @returns `{ name, field?, message }`. {@link ErrorDescription}
 * @example
 * describeError(new MissingFieldError({ field: "originAmount" }))
 * // { name: "MissingFieldError", field: "originAmount", message: 'Field "originAmount" is missing.' }
 */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof BaseError) {
    const field = (error as { field?: unknown }).field;
    return { name: error.name, ...(typeof field === "string" ? { field } : {}), message: error.shortMessage };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

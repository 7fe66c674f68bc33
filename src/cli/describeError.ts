import { BaseError } from "../errors/BaseError.js";

/** The JSON form of an error: its name, the field it names (if any) and its one-line message. */
export function describeError(error: unknown): { name: string; field?: string; message: string } {
  if (error instanceof BaseError) {
    const field = (error as { field?: unknown }).field;
    return { name: error.name, ...(typeof field === "string" ? { field } : {}), message: error.shortMessage };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

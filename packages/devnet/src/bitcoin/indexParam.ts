import type { Context } from "hono";
import { EsploraHttpError } from "./EsploraHttpError.js";

const indexPattern = /^(0|[1-9][0-9]{0,9})$/;

/**
 * A path parameter that is a height or an index: decimal digits without a leading zero, at most 10.
 *
 * @param c - The request's context.
 * @param name - The parameter, e.g. `start_height`, `vout`.
 * @returns The number.
 * @throws {EsploraHttpError} 400 `Invalid <name>: <value>` (the value cut to 20 characters).
 * @example
 * indexParam(c, "vout") // 1
 */
export function indexParam(c: Context, name: string): number {
  const value = c.req.param(name) ?? "";
  if (!indexPattern.test(value)) throw new EsploraHttpError(400, `Invalid ${name}: ${value.slice(0, 20)}`);
  return Number(value);
}

import { notSimulatedHeader } from "../quote/notSimulatedFields.js";

/**
 * The `x-devnet-not-simulated` header: the fields of a body the devnet accepted but does not
 * simulate, comma-separated, so a test can tell the answer is not what the live service would give.
 *
 * @param fields - The fields not simulated, if any.
 * @returns The header, or no header when there are none.
 * @example
 * c.json(answer, 200, notSimulatedHeaders(answer.details.devnetNotSimulated))
 */
export function notSimulatedHeaders(fields: readonly string[] | undefined): Record<string, string> {
  return fields && fields.length > 0 ? { [notSimulatedHeader]: fields.join(",") } : {};
}

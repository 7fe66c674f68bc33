import type { Step } from "../../schemas/index.js";
import { parseResponse } from "../../schemas/parseResponse.js";

/**
 * Reads steps with the quote's response schema, from a copy: the caller's steps are never modified,
 * and a broken step is refused (`InvalidResponseError`) before anything runs.
 *
 * @param steps - `steps` of a quote, or of a post's answer.
 * @returns The parsed steps.
 * @example
 * const steps = parseSteps(quote.steps)
 */
export function parseSteps(steps: unknown): Step[] {
  return parseResponse({ endpoint: "quote", body: { steps: structuredClone(steps) } }).steps;
}

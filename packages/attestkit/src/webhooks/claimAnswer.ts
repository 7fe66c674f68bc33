import { jsonResponse } from "./jsonResponse.js";
import type { WebhookClaimResult } from "./types.js";

export type ClaimAnswerParameters = {
  /** What the store answered to the claim. */
  claim: WebhookClaimResult;
  /** Whether this process is running the same event now. */
  runningHere: boolean;
};

/**
 * Decides what a delivery gets once the store has answered its claim:
 *
 * | the store answered | answer |
 * |--------------------|--------|
 * | `true` (the claim is held) | none yet: the event runs |
 * | `in-progress`, or any refusal while this process runs the event | 409 `in-progress`, `retry-after: 10` |
 * | `false` or `handled` | 200 `{ received: true, duplicate: true }` |
 *
 * `runningHere` turns a plain refusal into 409: a shared store may not tell "in progress" from
 * "handled", and a duplicate answered 200 before the first delivery is handled would be lost if that
 * one fails.
 *
 * @param parameters - {@link ClaimAnswerParameters}
 * @returns The answer, or undefined when the delivery holds the claim.
 * @example
 * claimAnswer({ claim: "in-progress", runningHere: false })?.status // 409
 */
export function claimAnswer({ claim, runningHere }: ClaimAnswerParameters): Response | undefined {
  if (claim === true) return undefined;
  if (claim === "in-progress" || runningHere)
    return jsonResponse(409, { error: "in-progress" }, { "retry-after": "10" });
  return jsonResponse(200, { received: true, duplicate: true });
}

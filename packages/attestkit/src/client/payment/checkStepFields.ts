import type { Step } from "../../schemas/index.js";
import { isServiceEndpoint } from "../steps/isServiceEndpoint.js";
import type { PaymentCheck } from "./types.js";

export type CheckStepFieldsParameters = {
  steps: readonly Step[];
  /** The deposit address the trust root derives for the order, if the intent asked for one. */
  depositAddress: string | undefined;
  /** The quote's request id (`requestId`, else the first step's). */
  requestId: string | undefined;
};

/**
 * Checks the unsigned step fields that name where money goes or what it is for against what the
 * guard derives: a step's `depositAddress` is empty, or exactly the deposit address derived from
 * the order (never a payee by itself); a signature's post and an item's check go to a path on the
 * service (`isServiceEndpoint`), never to another host; every step belongs to the quote's one request.
 *
 * @param parameters - {@link CheckStepFieldsParameters}
 * @returns One failed check per step field that differs; none when all agree.
 * @example
 * checks.push(...checkStepFields({ steps, depositAddress, requestId }))
 */
export function checkStepFields({
  steps,
  depositAddress,
  requestId,
}: CheckStepFieldsParameters): PaymentCheck[] {
  const checks: PaymentCheck[] = [];
  for (const [stepIndex, step] of steps.entries()) {
    const item = { stepId: step.id, stepIndex, itemIndex: 0 };
    const given = step.depositAddress ?? "";
    if (given !== "" && !sameAddress(given, depositAddress))
      checks.push({
        name: "item",
        item,
        ok: false,
        field: "depositAddress",
        reason: depositAddress === undefined ? "deposit-address-not-asked" : "deposit-address-mismatch",
        expected: depositAddress ?? "none (the intent asks for no deposit address)",
        actual: given,
      });
    for (const [itemIndex, entry] of step.items.entries()) {
      const post = (entry.data as { post?: { endpoint?: unknown } } | undefined)?.post?.endpoint;
      for (const [field, endpoint] of [
        ["check.endpoint", entry.check?.endpoint],
        ["data.post.endpoint", post],
      ] as const)
        if (typeof endpoint === "string" && endpoint !== "" && !isServiceEndpoint(endpoint))
          checks.push({
            name: "item",
            item: { ...item, itemIndex },
            ok: false,
            field,
            reason: "endpoint-off-service",
            expected: "a path on the service (/...)",
            actual: endpoint.slice(0, 100),
          });
    }
    if (requestId !== undefined && step.requestId && step.requestId.toLowerCase() !== requestId.toLowerCase())
      checks.push({
        name: "item",
        item,
        ok: false,
        field: "requestId",
        reason: "request-mismatch",
        expected: requestId,
        actual: step.requestId,
      });
  }
  return checks;
}

/** Hex addresses compare case-insensitively; others (Bitcoin) exactly. */
function sameAddress(given: string, derived: string | undefined): boolean {
  if (derived === undefined) return false;
  return /^0x/i.test(given) ? given.toLowerCase() === derived.toLowerCase() : given === derived;
}

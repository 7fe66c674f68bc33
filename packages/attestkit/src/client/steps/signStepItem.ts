import { type Hex, isHex } from "viem";
import type { SignatureData } from "../../schemas/index.js";
import { isIdempotent } from "../utils/retryPolicy.js";
import { throwIfAborted } from "../utils/throwIfAborted.js";
import { guardAppendedSteps } from "./guardPayment.js";
import { parseSteps } from "./parseSteps.js";
import { preflightSteps } from "./preflightSteps.js";
import type { ExecuteStepsItem, StepRun } from "./types.js";

/**
 * Makes a signature item's signature with the wallet (EIP-191: a `0x` + 64-hex message is signed as
 * its 32 raw bytes, any other as text; EIP-712: domain, types, primary type and value as given),
 * posts it to the item's endpoint as `?signature=`, and appends the steps the answer carries (checked
 * like the quote's, payment guard included, before any of them runs).
 *
 * @param run - The run. {@link StepRun}
 * @param where - The item. {@link ExecuteStepsItem}
 * @param data - The item's `sign` and `post`, as the schemas checked them.
 * @example
 * await signStepItem(run, where, action.data)
 */
export async function signStepItem(
  run: StepRun,
  where: ExecuteStepsItem,
  data: SignatureData,
): Promise<void> {
  const { wallet } = run.parameters;
  const { sign, post } = data;
  throwIfAborted(run.signal);
  const signature: Hex =
    sign.signatureKind === "eip191"
      ? await wallet.signMessage({
          account: wallet.account,
          // A 32-byte hex message is a hash: signed as its raw bytes, not as the 66 characters.
          message:
            isHex(sign.message, { strict: true }) && sign.message.length === 66
              ? { raw: sign.message }
              : sign.message,
        })
      : await wallet.signTypedData({
          account: wallet.account,
          domain: sign.domain,
          types: sign.types,
          primaryType: sign.primaryType,
          message: sign.value,
        });
  run.result.signatures.push({ stepId: where.step.id, signature });
  run.emit({ type: "signature:signed", signature, ...where });

  throwIfAborted(run.signal);
  const method = post.method.toUpperCase() === "GET" ? "GET" : "POST";
  const response = await run.client.request({
    method,
    path: post.endpoint,
    query: { signature },
    ...(post.body !== undefined && method !== "GET" ? { body: post.body } : {}),
    idempotent: isIdempotent("step signature post"),
    signal: run.signal,
  });
  run.emit({ type: "signature:posted", response, ...where });

  const added =
    response && typeof response === "object" ? (response as { steps?: unknown }).steps : undefined;
  if (Array.isArray(added) && added.length > 0) {
    const steps = parseSteps(added);
    preflightSteps({ steps, handlers: run.handlers, serviceOrigin: new URL(run.client.baseUrl).origin });
    if (run.terms) run.terms = guardAppendedSteps(run.terms, steps, run.result.steps.length);
    run.result.steps.push(...steps);
    run.emit({ type: "steps:appended", steps });
  }
}

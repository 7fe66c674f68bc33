import type { ExecuteStepsProgressEvent } from "../../client/actions/executeSteps.js";

/**
 * One line per step event worth a line: a step started, a transaction sent or mined, the service
 * not told of one, a signature, a check's status.
 *
 * @param event - The step event.
 * @returns The line and its JSON record, or undefined for an event not printed.
 * @example
 * const line = describeStepProgress(event)
 * if (line) emit({ event: event.type, ...line.record }, [line.text])
 */
export function describeStepProgress(
  event: ExecuteStepsProgressEvent,
): { text: string; record: Record<string, unknown> } | undefined {
  const where = "step" in event && "itemIndex" in event ? `${event.step.id}` : "";
  switch (event.type) {
    case "step:started":
      return {
        text: `step ${event.stepIndex + 1}  ${event.step.id}  ${event.step.description ?? ""}`.trimEnd(),
        record: { step: event.step.id },
      };
    case "transaction:sent":
      return {
        text: `  ${where}: transaction ${event.hash} sent on ${event.chainId}`,
        record: { step: where, chainId: event.chainId, hash: event.hash },
      };
    case "transaction:confirmed":
      return {
        text: `  ${where}: mined in block ${event.receipt.blockNumber}`,
        record: { step: where, hash: event.hash, blockNumber: event.receipt.blockNumber },
      };
    case "transaction:index-failed":
      return {
        text: `  ${where}: the service was not told of ${event.hash} (it indexes by itself)`,
        record: { step: where, hash: event.hash },
      };
    case "signature:signed":
      return { text: `  ${where}: signed`, record: { step: where } };
    case "check:status":
      return {
        text: `  ${where}: the service has it (${event.status})`,
        record: { step: where, status: event.status },
      };
    default:
      return undefined;
  }
}

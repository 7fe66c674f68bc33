import type { DevnetRequest, SentPayment } from "../state/types.js";
import type { ResumeContext, ResumeFacts } from "./resumeTypes.js";

/**
 * The context `planResume` decides in: the request, the facts, and its sent payments. A record of an
 * older devnet kept neither its decision nor `sent`; its fill's hashes (`txHashes`, in order, on the
 * destination chain) stand in for the fill's payments.
 *
 * @param request - The request as the store holds it.
 * @param facts - What the chains say. {@link ResumeFacts}
 * @returns The context. {@link ResumeContext}
 * @example
 * readResumeContext(request, facts).legacy // false for a request of this devnet
 */
export function readResumeContext(request: DevnetRequest, facts: ResumeFacts): ResumeContext {
  const legacy = request.sent === undefined && request.decision === undefined;
  const sent: readonly SentPayment[] =
    request.sent ??
    (legacy
      ? request.txHashes.map((txHash, index) => ({
          purpose: "fill" as const,
          chainId: request.destinationChainId,
          index,
          txHash,
        }))
      : []);
  return { request, facts, legacy, sent };
}

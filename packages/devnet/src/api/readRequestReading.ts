import { devnetBytes32Encoders } from "attestkit/attestation";
import { createClient } from "attestkit/client";
import { type ExplainReport, explainRequest } from "attestkit/explain";
import type { Hono } from "hono";
import type { Hex } from "viem";
import type { InspectedRequest } from "./inspectRequest.js";

/** The origin every in-process call of the reading is addressed to (it never reaches a network). */
const inProcess = "http://127.0.0.1";

/** What the dashboard shows of a request's reading: the verdict and what it rests on. */
export type RequestReading = Pick<
  ExplainReport,
  "outcome" | "mismatches" | "explained" | "incomplete" | "reason"
> & {
  /** Each attestation's and the order's verdict, as `explain` gives it. */
  verdicts: Record<
    "attestationV1" | "attestationV2" | "order",
    { valid: boolean; signer: string | null; reason?: string } | null
  >;
};

export type ReadRequestReadingParameters = {
  /** The devnet's app: the reading's service and RPC calls are answered by it, in process. */
  app: Hono;
  inspected: InspectedRequest;
  /** The devnet solver, whose signatures are valid. */
  solver: Hex;
  /** The devnet's EVM chains (their RPC is `/rpc/{chainId}`). */
  evmChainIds: readonly number[];
};

/** One part's verdict as the dashboard shows it: valid, the signer, and why not (or why not judged). */
function verdictOf(part: ExplainReport["attestation"]["v1"]): RequestReading["verdicts"]["order"] {
  if (!part.available) return null;
  const reason = part.reason ?? part.error;
  return { valid: part.valid, signer: part.signer, ...(reason ? { reason } : {}) };
}

/**
 * The reading of a request the dashboard shows: `explainRequest` of attestkit, exactly as
 * `attestkit explain` runs it against this devnet (its solver, its bytes32 rule for Bitcoin and the
 * exchange, its chains' RPC), its calls answered by the app in process. So the dashboard and
 * `explain` cannot disagree.
 *
 * @param parameters - {@link ReadRequestReadingParameters}
 * @returns The outcome, mismatches, parts not judged, reason and verdicts. {@link RequestReading}
 * @example
 * const reading = await readRequestReading({ app, inspected, solver, evmChainIds: [31337, 31338] })
 */
export async function readRequestReading({
  app,
  inspected,
  solver,
  evmChainIds,
}: ReadRequestReadingParameters): Promise<RequestReading> {
  // As a client on this machine calls it: the host guard answers loopback hosts only.
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    request.headers.set("host", "127.0.0.1");
    return app.request(request);
  };
  const client = createClient({ network: { baseUrl: inProcess }, fetch, retry: false });
  const report = await explainRequest(client, {
    requestId: inspected.requestId,
    solvers: [solver],
    rpcUrls: new Map(evmChainIds.map((chainId) => [chainId, `${inProcess}/rpc/${chainId}`])),
    encoders: devnetBytes32Encoders,
    devnet: inspected,
    readRequestV3: false,
    fetch,
  });
  return {
    outcome: report.outcome,
    mismatches: report.mismatches,
    explained: report.explained,
    incomplete: report.incomplete,
    reason: report.reason,
    verdicts: {
      attestationV1: verdictOf(report.attestation.v1),
      attestationV2: verdictOf(report.attestation.v2),
      order: report.order
        ? {
            valid: report.order.verification.valid,
            signer: report.order.verification.signer,
            ...(report.order.verification.reason ? { reason: report.order.verification.reason } : {}),
          }
        : null,
    },
  };
}

import type { Hex } from "viem";
import { describeReason } from "../schemas/describeReason.js";
import type { StatusResponse } from "../schemas/index.js";
import { judgeReport } from "./judgeReport.js";
import type { ExplainedMismatch, Mismatch } from "./parts.js";
import type { RequestRecord } from "./readRequestV3.js";
import { requestTerms } from "./requestTerms.js";
import type { DevnetRequestView, ExplainReport } from "./types.js";

export type BuildExplainReportParameters = {
  requestId: Hex;
  /** The service base URL the parts were read from. */
  api: string;
  /** The devnet's record of the request, or null when the service is not a devnet (or does not know it). */
  devnet: DevnetRequestView | null;
  /** The request as `GET /requests/v3` lists it, and why not when it does not. */
  v3: { record: RequestRecord | null; note?: string };
  status: StatusResponse;
  order: ExplainReport["order"];
  attestation: ExplainReport["attestation"];
  deposit: ExplainReport["deposit"];
  fills: ExplainReport["fills"];
  /** Every disagreement found between the chains and what was signed or ordered. */
  mismatches: Mismatch[];
  /** Those the request's end accounts for. */
  explained: ExplainedMismatch[];
};

/** Where each part was read from, and what the order was taken from. */
function sourcesOf(
  devnet: DevnetRequestView | null,
  v3: BuildExplainReportParameters["v3"],
): ExplainReport["sources"] {
  return {
    status: "GET /intents/status/v3",
    attestation: "GET /requests/{id}/signature and /signature/v2",
    request: devnet ? "GET /devnet/requests/{id}" : null,
    requestV3: v3.record ? "GET /requests/v3?id=" : null,
    note: devnet
      ? "the request, its order and history as the devnet keeps them"
      : v3.record
        ? "the request and its order id from GET /requests/v3 (it carries no orderData to verify)"
        : `the order is not known: ${v3.note ?? "GET /requests/v3 does not list this request"}`,
  };
}

/**
 * The report of a request, from the parts read: where each came from, the reason in words, and the
 * verdict (`judgeReport`: consistent, inconsistent or incomplete).
 *
 * @param parameters - {@link BuildExplainReportParameters}
 * @returns The report. {@link ExplainReport}
 * @example
 * const report = buildExplainReport({ requestId, api, devnet, v3, status, order, attestation, deposit, fills, mismatches })
 */
export function buildExplainReport(parameters: BuildExplainReportParameters): ExplainReport {
  const { requestId, api, devnet, v3, status, order, attestation, deposit, fills, mismatches, explained } =
    parameters;
  const reason = describeReason({
    failReason: status.failReason,
    refundFailReason: status.refundFailReason,
    status: String(status.status),
  });
  const { outcome, incomplete } = judgeReport({ attestation, order, deposit, fills, mismatches });
  return {
    requestId,
    api,
    devnet: devnet !== null,
    sources: sourcesOf(devnet, v3),
    requestV3: v3.record,
    status,
    history: devnet?.history ?? null,
    reason,
    request: devnet ? requestTerms(devnet) : null,
    order,
    attestation,
    deposit,
    fills,
    webhooks: devnet?.webhooks ?? null,
    mismatches,
    explained,
    incomplete,
    outcome,
    consistent: outcome === "consistent",
  };
}

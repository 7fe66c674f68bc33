import type { Hex } from "viem";
import type { StatusResponse } from "../../schemas/index.js";
import { describeReason } from "../describeReason.js";
import type { DevnetView } from "../readDevnet.js";
import type { RequestRecord } from "./readRequestV3.js";
import { requestTerms } from "./requestTerms.js";
import type { ExplainReport, Mismatch } from "./types.js";

export type BuildExplainReportParameters = {
  requestId: Hex;
  /** The service base URL the parts were read from. */
  api: string;
  /** The devnet's view, or null when `api` is not a devnet. */
  devnet: DevnetView | null;
  /** The request as `GET /requests/v3` lists it, and why not when it does not. */
  v3: { record: RequestRecord | null; note?: string };
  status: StatusResponse;
  order: ExplainReport["order"];
  attestation: ExplainReport["attestation"];
  deposit: ExplainReport["deposit"];
  fills: ExplainReport["fills"];
  /** Every disagreement found between the chains and what was signed or ordered. */
  mismatches: Mismatch[];
};

/**
 * The report `explain` prints, from the parts it read: where each came from, the reason in words,
 * and the verdict, consistent only when every verdict is valid and nothing disagrees.
 *
 * @param parameters - {@link BuildExplainReportParameters}
 * @returns The report. {@link ExplainReport}
 * @example
 * const report = buildExplainReport({ requestId, api, devnet, v3, status, order, attestation, deposit, fills, mismatches })
 */
export function buildExplainReport({
  requestId,
  api,
  devnet,
  v3,
  status,
  order,
  attestation,
  deposit,
  fills,
  mismatches,
}: BuildExplainReportParameters): ExplainReport {
  const reason = describeReason({
    failReason: status.failReason,
    refundFailReason: status.refundFailReason,
    status: String(status.status),
  });
  const verdictsValid = attestation.valid && (order === null || order.verification.valid);
  return {
    requestId,
    api,
    devnet: devnet !== null,
    sources: {
      status: "GET /intents/status/v3",
      attestation: "GET /requests/{id}/signature and /signature/v2",
      request: devnet?.request ? "GET /devnet/requests/{id}" : null,
      requestV3: v3.record ? "GET /requests/v3?id=" : null,
      note: devnet?.request
        ? "the request, its order and history as the devnet keeps them"
        : v3.record
          ? "the request and its order id from GET /requests/v3 (it carries no orderData to verify)"
          : `the order is not known: ${v3.note ?? "GET /requests/v3 does not list this request"}`,
    },
    requestV3: v3.record,
    status,
    history: devnet?.request?.history ?? null,
    reason,
    request: devnet?.request ? requestTerms(devnet.request) : null,
    order,
    attestation,
    deposit,
    fills,
    webhooks: devnet?.request?.webhooks ?? null,
    mismatches,
    consistent: verdictsValid && mismatches.length === 0,
  };
}

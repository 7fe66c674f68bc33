import type { Hex } from "viem";
import type { describeReason } from "../schemas/describeReason.js";
import type { StatusResponse } from "../schemas/index.js";
import type { AttestationPart } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { FillPart } from "./explainFills.js";
import type { OrderPart } from "./explainOrder.js";
import type { DevnetRequestView, ExplainedMismatch, Mismatch, UnjudgedPart } from "./parts.js";
import type { RequestRecord } from "./readRequestV3.js";

export type {
  DevnetRequestView,
  ExplainedMismatch,
  Mismatch,
  UnjudgedPart,
  UnjudgedReason,
} from "./parts.js";

/**
 * The verdict on a request: `consistent` (every part judged, nothing disagrees), `inconsistent` (a
 * signature that does not verify or a chain that disagrees with what was signed or ordered: each
 * listed in `mismatches` or in the part's verdict), `incomplete` (nothing disagrees, but a part could
 * not be judged: each listed in `incomplete`).
 */
export type ExplainOutcome = "consistent" | "inconsistent" | "incomplete";

/** What `explainRequest` returns and `attestkit explain --json` prints. */
export type ExplainReport = {
  requestId: Hex;
  /** The service base URL the parts were read from. */
  api: string;
  /** Whether the service is a devnet whose record of the request was read. */
  devnet: boolean;
  sources: {
    status: string;
    attestation: string;
    request: string | null;
    requestV3: string | null;
    note: string;
  };
  /** The request as `GET /requests/v3` lists it (with an API key), or null. */
  requestV3: RequestRecord | null;
  status: StatusResponse;
  history: { status: string; at: number }[] | null;
  reason: ReturnType<typeof describeReason>;
  request: Omit<DevnetRequestView, "protocol" | "webhooks" | "history" | "verdicts" | "reading"> | null;
  order: OrderPart | null;
  attestation: { valid: boolean; solvers: readonly string[]; v1: AttestationPart; v2: AttestationPart };
  deposit: DepositPart;
  fills: FillPart[];
  webhooks: DevnetRequestView["webhooks"] | null;
  mismatches: Mismatch[];
  /**
   * Disagreements the request's end accounts for (refunded or failed for that reason, e.g. a deposit
   * short of the signed amount refunded with `DEPOSITED_AMOUNT_TOO_LOW_TO_FILL`): shown, not inconsistent.
   */
  explained: ExplainedMismatch[];
  /** The parts that could not be judged. */
  incomplete: UnjudgedPart[];
  outcome: ExplainOutcome;
  /** `outcome === "consistent"`. */
  consistent: boolean;
};

import type { Hex } from "viem";
import type { StatusResponse } from "../../schemas/index.js";
import type { describeReason } from "../describeReason.js";
import type { DevnetView } from "../readDevnet.js";
import type { explainAttestations } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { explainFills } from "./explainFills.js";
import type { explainOrder } from "./explainOrder.js";
import type { RequestRecord } from "./readRequestV3.js";

/** One disagreement between what the chain shows and what was signed or ordered. */
export type Mismatch = { field: string; against: string; expected: string; actual: string };

/** What `explain --json` prints. */
export type ExplainReport = {
  requestId: Hex;
  api: string;
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
  request: Omit<NonNullable<DevnetView["request"]>, "protocol" | "webhooks" | "history" | "verdicts"> | null;
  order: Awaited<ReturnType<typeof explainOrder>>;
  attestation: Awaited<ReturnType<typeof explainAttestations>>;
  deposit: DepositPart;
  fills: Awaited<ReturnType<typeof explainFills>>;
  webhooks: NonNullable<DevnetView["request"]>["webhooks"] | null;
  mismatches: Mismatch[];
  consistent: boolean;
};

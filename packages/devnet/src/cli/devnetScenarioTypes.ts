import type { StatusResponse } from "attestkit/schemas";
import type { Hex } from "viem";

export type RunDevnetScenarioParameters = {
  /** Base URL of a running devnet. */
  devnet: string;
  /** Added to the error when the devnet cannot be reached or is not one: how to name another. */
  devnetHint?: string | undefined;
  scenario: string;
  /** The devnet's test account that pays (index in `GET /devnet/info`). */
  account?: number | undefined;
  /** `x-api-key` of the quote, so its webhook endpoint gets the events. */
  apiKey?: string | undefined;
  /** Called with the request id once it is known (for double-spend: the second deposit's request). */
  onRequest?: ((requestId: Hex) => void) | undefined;
  /** Called with every status the followed request takes, in order. */
  onStatus?: ((status: ScenarioStatus) => void) | undefined;
  /** Time between status polls, ms. Default 100. */
  intervalMs?: number | undefined;
  /** Limit of the whole run, ms. Default 60 000. */
  timeoutMs?: number | undefined;
};

export type RunDevnetScenarioReturnType = { requestId: Hex; status: StatusResponse };

/** One status the followed request took, from the devnet's history. */
export type ScenarioStatus = {
  requestId: Hex;
  status: string;
  /** When the request took it, ms. */
  at: number;
  /** Set on the status the request is in when it is seen (`N/A` otherwise). */
  failReason: string;
  refundFailReason: string;
};

import { CliError, exitCodes, readResponseJson } from "attestkit/cli";
import type { createClient } from "attestkit/client";
import { getStatus } from "attestkit/client";
import type { Hex } from "viem";
import type { InspectedRequest } from "../api/inspectRequest.js";
import type { RunDevnetScenarioReturnType, ScenarioStatus } from "./devnetScenarioTypes.js";

export type FollowDevnetRequestParameters = {
  /** Reads the final status from the status endpoint. */
  client: ReturnType<typeof createClient>;
  /** Base URL of the devnet. */
  devnet: string;
  requestId: Hex;
  /** Time between polls, ms. */
  intervalMs: number;
  /** When to give up (`Date.now()` time, ms). */
  deadline: number;
  /** Called with every status the request takes, in order. */
  onStatus?: ((status: ScenarioStatus) => void) | undefined;
  /**
   * What the scenario's end needs besides a final status (e.g. its excess refunded, recorded in the
   * request's `details`): the follow goes on until it holds. Default: nothing more.
   */
  settled?: ((record: InspectedRequest) => boolean) | undefined;
};

/**
 * Follows the devnet's record of a request (`GET /devnet/requests/{id}`, whose history has every
 * status even when several come between two polls) until it is final: success, refund, or a
 * failure that cannot be refunded. Then reads the status endpoint once for the final object.
 *
 * @param parameters - {@link FollowDevnetRequestParameters}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await followDevnetRequest({ client, devnet: url, requestId, intervalMs: 100, deadline })
 */
export async function followDevnetRequest({
  client,
  devnet,
  requestId,
  intervalMs,
  deadline,
  onStatus,
  settled = () => true,
}: FollowDevnetRequestParameters): Promise<RunDevnetScenarioReturnType> {
  let seen = 0;
  let last = "not found";
  for (;;) {
    const response = await fetch(new URL(`/devnet/requests/${requestId}?reading=false`, devnet), {
      signal: AbortSignal.timeout(10_000),
    });
    // A request born from a deposit appears once the deposit is indexed.
    if (response.status !== 404) {
      if (!response.ok)
        throw new CliError(`The devnet answered HTTP ${response.status} for request ${requestId}.`, {
          exitCode: exitCodes.network,
        });
      const record = (await readResponseJson(response)) as InspectedRequest;
      const history = record.history;
      for (; seen < history.length; seen++) {
        const entry = history[seen] as { status: string; at: number };
        const current = seen === history.length - 1;
        onStatus?.({
          requestId,
          status: entry.status,
          at: entry.at,
          failReason: current ? record.failReason : "N/A",
          refundFailReason: current ? record.refundFailReason : "N/A",
        });
      }
      last = record.status;
      const final =
        record.status === "success" ||
        record.status === "refund" ||
        (record.status === "failure" && record.refundFailReason !== "N/A");
      if (final && settled(record)) return { requestId, status: await getStatus(client, { requestId }) };
    }
    if (Date.now() > deadline)
      throw new CliError(`Request ${requestId} did not reach its end in time (last: ${last}).`, {
        exitCode: exitCodes.network,
      });
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

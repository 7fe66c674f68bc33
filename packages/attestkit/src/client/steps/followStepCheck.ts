import { parseResponse } from "../../schemas/parseResponse.js";
import { isFinalStatus, isItemDoneStatus, isKnownStatus, requestStatuses } from "../../schemas/statuses.js";
import { RequestNotFoundError, UnknownStatusError } from "../errors/status.js";
import { StepCheckFailedError, StepCheckTimeoutError } from "../errors/steps.js";
import { pollStatus } from "../utils/pollStatus.js";
import type { ExecuteStepsItem, StepRun } from "./types.js";

/**
 * Polls an item's check endpoint (it answers like the status endpoint) with the client's one polling
 * loop until the service holds the item (`depositing`, `pending`, `submitted` or `success`). A final
 * status that does not complete it (`refund`, `fallback`), or a `failure` that stands for the grace
 * period, is a `StepCheckFailedError`; running out of time a `StepCheckTimeoutError`; 404 for
 * `notFoundWindowMs` a `RequestNotFoundError`; a status the client does not know an `UnknownStatusError`.
 * Transient failures (5xx, 429, network, malformed answers) are retried with backoff, as in `waitForStatus`.
 *
 * @param run - The run. {@link StepRun}
 * @param where - The item, which has a `check`. {@link ExecuteStepsItem}
 * @example
 * if (item.check?.endpoint) await followStepCheck(run, where)
 */
export async function followStepCheck(run: StepRun, where: ExecuteStepsItem): Promise<void> {
  const {
    checkIntervalMs = 1000,
    checkTimeoutMs = 10 * 60_000,
    failureGraceMs = 15_000,
    notFoundWindowMs = 60_000,
  } = run.parameters;
  const { step, item } = where;
  const check = item.check;
  if (!check?.endpoint) return;
  const requestId = step.requestId ?? step.id;
  const { response, failureStood } = await pollStatus({
    read: async ({ signal }) => {
      const body = await run.client.request({
        method: check.method?.toUpperCase() === "POST" ? "POST" : "GET",
        path: check.endpoint,
        signal,
        // One attempt per read: the polling loop retries, with its own backoff and count.
        retry: false,
      });
      // A body without a status is an InvalidResponseError: retried, and reported if it lasts.
      return { status: parseResponse({ endpoint: "status", body }).status, body };
    },
    isSettled: (status) => isItemDoneStatus(status) || isFinalStatus(status),
    isKnown: isKnownStatus,
    intervalMs: checkIntervalMs,
    timeoutMs: checkTimeoutMs,
    failureGraceMs,
    notFoundWindowMs,
    timeoutError: ({ response: last, transientFailures }) =>
      new StepCheckTimeoutError({
        stepId: step.id,
        timeoutMs: checkTimeoutMs,
        lastStatus: last?.status,
        transientFailures,
      }),
    notFoundError: ({ reads }) =>
      new RequestNotFoundError({ requestId, endpoint: check.endpoint, windowMs: notFoundWindowMs, reads }),
    unknownStatusError: ({ status, body }) =>
      new UnknownStatusError({ requestId, status, statusResponse: body, knownStatuses: requestStatuses }),
    onChange: ({ status, body }) => run.emit({ type: "check:status", status, response: body, ...where }),
    signal: run.signal,
  });
  if (failureStood || !isItemDoneStatus(response.status))
    throw new StepCheckFailedError({
      requestId: step.requestId ?? undefined,
      stepId: step.id,
      status: response.status,
      statusResponse: response.body,
    });
}

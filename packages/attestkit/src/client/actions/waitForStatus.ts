import {
  type BitcoinStallAllowanceReturnType,
  bitcoinStallAllowance,
} from "../../chains/bitcoin/bitcoinStallAllowance.js";
import type { InvalidRouteAmountErrorType } from "../../chains/bitcoin/errors.js";
import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import { validateRequest } from "../../schemas/index.js";
import { isFinalStatus, isKnownStatus, requestStatuses } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import { InvalidOptionError, type InvalidOptionErrorType } from "../errors/config.js";
import type { AbortErrorType, ClientErrorType } from "../errors/request.js";
import {
  RequestFailedError,
  type RequestFailedErrorType,
  RequestNotFoundError,
  type RequestNotFoundErrorType,
  UnknownStatusError,
  type UnknownStatusErrorType,
  WaitForStatusTimeoutError,
  type WaitForStatusTimeoutErrorType,
} from "../errors/status.js";
import { checkDuration } from "../utils/checkDuration.js";
import { pollStatus } from "../utils/pollStatus.js";
import { getStatus } from "./getStatus.js";

/** The default limit of a whole `waitForStatus`: 30 minutes. */
export const defaultWaitTimeoutMs = 30 * 60_000;
/** The default time a request may stay unknown (404) before `waitForStatus` gives up: 1 minute. */
export const defaultNotFoundWindowMs = 60_000;

export type WaitForStatusParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** Time between polls, in ms. Default 1000 (the interface's recommendation). */
  intervalMs?: number | undefined;
  /**
   * Give up after this many ms with a `WaitForStatusTimeoutError`. Default 30 minutes
   * ({@link defaultWaitTimeoutMs}): an EVM route settles in seconds, a Bitcoin deposit needs a block
   * confirmation (about 10 minutes, sometimes far more) before the fill. `Infinity` waits for ever.
   */
  timeoutMs?: number | undefined;
  /**
   * `failure` is not always final (`pending -> failure -> pending -> refund` happens): it is only
   * returned once it has stood this many ms with no later status. Default 15 000.
   */
  failureGraceMs?: number | undefined;
  /**
   * How long the service may answer 404 (it does not know the request yet: a deposit is indexed within
   * seconds) before the wait ends with a `RequestNotFoundError`. Default 60 000
   * ({@link defaultNotFoundWindowMs}).
   */
  notFoundWindowMs?: number | undefined;
  /**
   * Throw a `RequestFailedError` when the request ends in `refund` or `failure` (as a
   * step's check does), instead of returning that status. Default false: every final status is
   * returned.
   */
  throwOnFailure?: boolean | undefined;
  /** Called with the status response each time the status changes (and for the first one seen). */
  onUpdate?: ((status: StatusResponse) => void) | undefined;
  /**
   * For a request paid from Bitcoin (a PSBT deposit or a deposit address), just broadcast: the
   * interface allows 2-3 blocks, 3-4 above the high-value threshold, before a deposit counts as
   * stalled. Once the wait has lasted the upper allowance (blocks x `blockTimeMs`, default the
   * 10-minute average) and the request is still `waiting`, `depositing` or `pending` (not confirmed,
   * no fill sent), `onStall` is called once; the wait goes on.
   */
  bitcoinDeposit?: BitcoinDepositWatch | undefined;
  /** Aborts the wait at once, including a poll in flight. */
  signal?: AbortSignal | undefined;
};

/** What `waitForStatus` watches for a Bitcoin deposit. */
export type BitcoinDepositWatch = {
  /** The deposit in satoshis. */
  amount: bigint | number | string;
  /** The service's high-value threshold in satoshis, when known (see `bitcoinStallAllowance`). */
  highValueThreshold?: bigint | number | string | undefined;
  /** The block interval to count with, in ms. Default 600 000 (Bitcoin's average). */
  blockTimeMs?: number | undefined;
  /** Called once when the deposit has used up its allowance unconfirmed. */
  onStall: (stall: BitcoinDepositStall) => void;
};

/** A Bitcoin deposit that has used up its allowance unconfirmed. */
export type BitcoinDepositStall = {
  requestId: string;
  /** The status when the allowance ran out. */
  status: StatusResponse | undefined;
  /** How long the wait had lasted, in ms. */
  waitedMs: number;
  allowance: BitcoinStallAllowanceReturnType;
};

const maxTimerMs = 2 ** 31 - 1;

/** Statuses of a deposit not yet confirmed: what a stall looks like. */
const unconfirmedStatuses = new Set(["waiting", "depositing", "pending"]);

export type WaitForStatusReturnType = StatusResponse;
export type WaitForStatusErrorType =
  | WaitForStatusTimeoutErrorType
  | RequestFailedErrorType
  | RequestNotFoundErrorType
  | UnknownStatusErrorType
  | InvalidOptionErrorType
  | AbortErrorType
  | ClientErrorType
  | InvalidRequestErrorType
  | InvalidRouteAmountErrorType;

/** The final statuses `throwOnFailure` raises for: the request ended without its fill. */
const failedStatuses = new Set(["refund", "failure"]);

/**
 * Polls a request's status until it is final: resolves on `success`, `refund` or `fallback`, and on
 * `failure` once it has stood for `failureGraceMs`. Failed polls that can pass (every 5xx, 429, network
 * errors, timeouts, a body that is not a status) are retried with backoff and counted; 404 for
 * `notFoundWindowMs` is a `RequestNotFoundError`; a status this client does not know is an
 * `UnknownStatusError` at once; after `timeoutMs` (default 30 minutes) a `WaitForStatusTimeoutError`
 * says the last status and how many polls failed. With `throwOnFailure`, a request that ends in
 * `refund` or `failure` is a `RequestFailedError` (the error `executeSteps` raises for it).
 *
 * @param client - A client from `createClient` or `createBaseClient`.
 * @param parameters - {@link WaitForStatusParameters}
 * @returns The final status response. {@link WaitForStatusReturnType}
 * @example
 * const final = await waitForStatus(client, { requestId, onUpdate: (s) => console.log(s.status) })
 * if (final.status !== "success") console.log(final.failReason)
 */
export async function waitForStatus(
  client: BaseClient,
  parameters: WaitForStatusParameters,
): Promise<WaitForStatusReturnType> {
  const {
    requestId,
    intervalMs = 1000,
    timeoutMs = defaultWaitTimeoutMs,
    failureGraceMs = 15_000,
    notFoundWindowMs = defaultNotFoundWindowMs,
    onUpdate,
    bitcoinDeposit,
    signal,
  } = parameters;
  validateRequest({ endpoint: "status", body: { requestId } });
  const options: [string, unknown, { min: number; allowInfinity?: boolean }][] = [
    ["intervalMs", intervalMs, { min: 1 }],
    ["timeoutMs", timeoutMs, { min: 1, allowInfinity: true }],
    ["failureGraceMs", failureGraceMs, { min: 0 }],
    ["notFoundWindowMs", notFoundWindowMs, { min: 0 }],
  ];
  if (bitcoinDeposit)
    options.push(["bitcoinDeposit.blockTimeMs", bitcoinDeposit.blockTimeMs ?? 600_000, { min: 1 }]);
  for (const [option, value, bounds] of options) {
    const reason = checkDuration({ value, ...bounds });
    if (reason) throw new InvalidOptionError({ option: `waitForStatus.${option}`, value, reason });
  }
  let last: StatusResponse | undefined;
  const stallTimer = bitcoinDeposit && watchStall(requestId, bitcoinDeposit, () => last);
  try {
    const final = await poll();
    if (parameters.throwOnFailure && failedStatuses.has(String(final.status)))
      throw new RequestFailedError({ requestId, status: String(final.status), statusResponse: final });
    return final;
  } finally {
    if (stallTimer) clearTimeout(stallTimer);
  }

  async function poll(): Promise<StatusResponse> {
    const { response } = await pollStatus({
      // One attempt per poll: the loop retries, with its own backoff and count.
      read: ({ signal }) => getStatus(client, { requestId }, { signal, retry: false }),
      isSettled: isFinalStatus,
      isKnown: isKnownStatus,
      intervalMs,
      timeoutMs,
      failureGraceMs,
      notFoundWindowMs,
      timeoutError: ({ response: lastStatus, error: lastError, transientFailures }) =>
        new WaitForStatusTimeoutError({ requestId, timeoutMs, lastStatus, lastError, transientFailures }),
      notFoundError: ({ reads }) =>
        new RequestNotFoundError({
          requestId,
          endpoint: "/intents/status/v3",
          windowMs: notFoundWindowMs,
          reads,
        }),
      unknownStatusError: (statusResponse) =>
        new UnknownStatusError({
          requestId,
          status: statusResponse.status,
          statusResponse,
          knownStatuses: requestStatuses,
        }),
      onChange: (status) => {
        last = status;
        onUpdate?.(status);
      },
      signal,
    });
    return response;
  }
}

/** Arms the stall report of a Bitcoin deposit: one timer, fired at most once, cleared by the caller. */
function watchStall(
  requestId: string,
  { amount, highValueThreshold, blockTimeMs = 600_000, onStall }: BitcoinDepositWatch,
  latest: () => StatusResponse | undefined,
): ReturnType<typeof setTimeout> {
  const allowance = bitcoinStallAllowance({ amount, highValueThreshold });
  const waitMs = allowance.blocks.max * blockTimeMs;
  if (waitMs > maxTimerMs)
    throw new InvalidOptionError({
      option: "waitForStatus.bitcoinDeposit.blockTimeMs",
      value: blockTimeMs,
      reason: `${allowance.blocks.max} blocks of it exceed the longest wait one timer holds (${maxTimerMs} ms)`,
    });
  const started = Date.now();
  const timer = setTimeout(() => {
    const status = latest();
    if (status === undefined || unconfirmedStatuses.has(status.status))
      onStall({ requestId, status, waitedMs: Date.now() - started, allowance });
  }, waitMs);
  // A stall report never keeps a process alive on its own.
  timer.unref?.();
  return timer;
}

import type { InvalidRequestErrorType } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import { AbortError, type AbortErrorType, type ClientErrorType } from "../errors/request.js";
import type {
  RequestNotFoundErrorType,
  UnknownStatusErrorType,
  WaitForStatusTimeoutErrorType,
} from "../errors/status.js";
import { defaultWebSocketUrl } from "./defaultWebSocketUrl.js";
import { disconnectIfIdle } from "./disconnectIfIdle.js";
import { finishTrack } from "./finishTrack.js";
import { handleTrackerEvent } from "./handleTrackerEvent.js";
import { startTrack } from "./startTrack.js";
import type {
  StatusTrackerClock,
  StatusTrackerState,
  TrackerContext,
  WebSocketConstructor,
} from "./statusTrackerTypes.js";
import { defaultNotFoundWindowMs, defaultWaitTimeoutMs } from "./waitForStatus.js";

export type {
  StatusTrackerClock,
  StatusTrackerState,
  TimerHandle,
  WebSocketConstructor,
  WebSocketLike,
} from "./statusTrackerTypes.js";

export type CreateStatusTrackerParameters = {
  /**
   * The status stream. Default: derived from the client's base URL (`https://api.relay.link` gives
   * the live `wss://ws.relay.link`; any other base URL its own host with `ws(s)://`, as the devnet serves it).
   */
  webSocketUrl?: string | undefined;
  /** Sent as `?apiKey=` (the client does not expose its key). */
  apiKey?: string | undefined;
  /** The WebSocket implementation. Default: the global one (browsers, Node 22+), else the `ws` package. */
  WebSocket?: WebSocketConstructor | undefined;
  /** Time between status polls while the stream is down, in ms. Default 1000. */
  pollIntervalMs?: number | undefined;
  /** Time between safety polls while the stream is up (an event may be lost), in ms. Default 30 000. */
  connectedPollIntervalMs?: number | undefined;
  /** Reconnection delays: from `baseDelayMs` (default 500) doubling up to `maxDelayMs` (default 15 000), ±20 %. */
  reconnect?: { baseDelayMs?: number | undefined; maxDelayMs?: number | undefined } | undefined;
  /**
   * The ready window, in ms: how long a connection may take to send its ready message, and then to
   * acknowledge each subscription. A connection that misses it is dropped (polling takes over until
   * the next one is ready). Default 5000.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * The clock every reading of the time and every timer of the tracker go through: polls, the ready
   * and acknowledgement windows, reconnection delays, each track's timeout and the status policy's
   * grace and not-found windows. Default: the host's `Date.now`, `setTimeout` and `clearTimeout`,
   * looked up at each use. A test passes a fake one and moves time itself.
   */
  clock?: StatusTrackerClock | undefined;
};

export type TrackParameters = {
  /** The request id from the quote's steps. */
  requestId: string;
  /** Give up after this many ms with a `WaitForStatusTimeoutError`. Default 30 minutes; `Infinity` waits for ever. */
  timeoutMs?: number | undefined;
  /** `failure` ends the wait only once it has stood this long with no later status (as `waitForStatus`). Default 15 000. */
  failureGraceMs?: number | undefined;
  /** A request the service answers 404 for this long (from the start) is a `RequestNotFoundError`, as `waitForStatus`. Default 60 000. */
  notFoundWindowMs?: number | undefined;
  /** Called with the status each time it changes (and for the first one seen). */
  onUpdate?: ((status: StatusResponse) => void) | undefined;
  /** Stops following the request at once. */
  signal?: AbortSignal | undefined;
};

export type StatusTracker = {
  /**
   * Follows a request until its status is final (`success`, `refund`, `fallback`, or a `failure`
   * that stood for the grace period), over the stream, polling while the stream is down.
   */
  track: (parameters: TrackParameters) => Promise<StatusResponse>;
  state: () => StatusTrackerState;
  /** Stops every track (each rejects with `AbortError`) and closes the connection. */
  close: () => void;
};

export type TrackErrorType =
  | WaitForStatusTimeoutErrorType
  | RequestNotFoundErrorType
  | UnknownStatusErrorType
  | AbortErrorType
  | ClientErrorType
  | InvalidRequestErrorType;

/** The host's clock and timers, looked up at each use (so a clock faked after creation is used). */
const systemClock: StatusTrackerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/** A `webSocketUrl` (or the stream URL derived from the client's base URL) that is not a URL. */
export type CreateStatusTrackerErrorType = TypeError;

/**
 * Creates a status tracker: one connection to the service's websocket status stream (the live
 * protocol: wait for `{type:"connection",status:"ready"}`, subscribe `{type:"subscribe",event,
 * filters:{id}}`, receive `{event,data,publishedAt}`) shared by every request it follows. After a
 * disconnect (the live service restarts its stream servers) it reconnects with exponential backoff
 * and subscribes again; while the stream is down it polls `GET /intents/status/v3`, and after each
 * (re)subscription it polls once to catch what it missed. A connection that is not ready, or does not
 * acknowledge a subscription, within `connectTimeoutMs` is dropped like one that failed: polling takes
 * over until the next one works. `failure` is not final until it has stood for the grace period
 * (checked by a poll), and a status this client does not know is judged by a poll, like
 * `waitForStatus`. Every wait is bounded by its timeout and can be aborted; the connection closes when
 * nothing is tracked. Its time is `parameters.clock`'s: every timer and reading of the clock.
 *
 * Its parts: the decisions are pure (`readStreamMessage`, `trackerPollPolicy` with `nextStatusPoll`,
 * `trackedStatusOutcome`, `reconnectDelay`); small executors act on one shared `TrackerContext`
 * (`startTrack`, `finishTrack`, `connectStream`, `dropConnection`, `subscribeRequest`,
 * `pollTrackedRequest`, ...), and what timers and sockets bring is run by `handleTrackerEvent`.
 *
 * @param client - A client from `createClient` or `createBaseClient` (used for polls).
 * @param parameters - {@link CreateStatusTrackerParameters}
 * @returns The tracker. {@link StatusTracker}
 * @throws TypeError when `webSocketUrl` (or the stream derived from the client's base URL) is not a URL.
 * @example
 * const tracker = createStatusTracker(client, { apiKey })
 * const [a, b] = await Promise.all([tracker.track({ requestId: idA }), tracker.track({ requestId: idB })])
 * tracker.close()
 */
export function createStatusTracker(
  client: BaseClient,
  parameters: CreateStatusTrackerParameters = {},
): StatusTracker {
  const {
    apiKey,
    pollIntervalMs = 1000,
    connectedPollIntervalMs = 30_000,
    connectTimeoutMs = 5000,
    clock = systemClock,
  } = parameters;
  const url = new URL(parameters.webSocketUrl ?? defaultWebSocketUrl(client.baseUrl));
  if (apiKey !== undefined) url.searchParams.set("apiKey", apiKey);
  const tracker: TrackerContext = {
    client,
    settings: {
      url,
      WebSocket: parameters.WebSocket,
      pollIntervalMs,
      connectedPollIntervalMs,
      connectTimeoutMs,
      baseDelayMs: parameters.reconnect?.baseDelayMs ?? 500,
      maxDelayMs: parameters.reconnect?.maxDelayMs ?? 15_000,
      // Backoff cap of polls after failed reads, as in waitForStatus.
      maxBackoffMs: 30_000,
    },
    clock,
    subscriptions: new Map(),
    state: "idle",
    socket: undefined,
    connectTimer: undefined,
    reconnectTimer: undefined,
    failedAttempts: 0,
    closed: false,
    closing: new WeakSet(),
    dispatch: (event) => handleTrackerEvent(tracker, event),
  };

  return {
    track: ({
      requestId,
      timeoutMs = defaultWaitTimeoutMs,
      failureGraceMs = 15_000,
      notFoundWindowMs = defaultNotFoundWindowMs,
      onUpdate,
      signal,
    }) => startTrack(tracker, { requestId, timeoutMs, failureGraceMs, notFoundWindowMs, onUpdate, signal }),
    state: () => tracker.state,
    close() {
      tracker.closed = true;
      for (const subscription of [...tracker.subscriptions.values()])
        finishTrack(tracker, {
          subscription,
          result: { error: new AbortError({ cause: "the tracker was closed" }) },
        });
      disconnectIfIdle(tracker);
    },
  };
}

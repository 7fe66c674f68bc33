import type { StatusResponse } from "../../schemas/index.js";
import type { BaseClient } from "../createBaseClient.js";
import type { StatusPollState } from "../utils/nextStatusPoll.js";

/** The standard WebSocket API, as browsers, Node 22+ and the `ws` package provide it. */
export type WebSocketLike = {
  readonly readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  addEventListener: (
    type: "open" | "message" | "close" | "error",
    listener: (event: { data?: unknown }) => void,
  ) => void;
};
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `connecting`, `connected` (ready message received), `down` (waiting to reconnect, polling), `idle` (nothing tracked). */
export type StatusTrackerState = "idle" | "connecting" | "connected" | "down";

/** A timer, as a clock's `setTimeout` returns it: the host's timer, or a number (a test's fake clock). */
export type TimerHandle = ReturnType<typeof setTimeout> | number;

/**
 * The time a status tracker keeps: every reading of the clock and every timer it sets (polls, the
 * ready and acknowledgement windows, reconnections, a track's timeout) go through it. The default is
 * the host's `Date.now`, `setTimeout` and `clearTimeout`; a test passes a fake clock and moves time
 * itself.
 */
export type StatusTrackerClock = {
  /** The time now, in ms since the Unix epoch, as `Date.now()`. */
  now: () => number;
  /** Calls `callback` once, `ms` milliseconds from now, as `setTimeout`; returns the timer. */
  setTimeout: (callback: () => void, ms: number) => TimerHandle;
  /** Cancels a timer that has not fired, as `clearTimeout`; undefined, or a timer already fired or cleared, is ignored. */
  clearTimeout: (handle: TimerHandle | undefined) => void;
};

/** How one tracked request ends: its final status, or the error its track rejects with. */
export type TrackResult = { status: StatusResponse } | { error: unknown };

/** One request a tracker follows, from `track` until its track settles. */
export type Subscription = {
  requestId: string;
  /** The request id in lowercase: the key of the tracker's subscriptions. */
  key: string;
  /** The status policy's grace and not-found window for this request, in ms. */
  failureGraceMs: number;
  notFoundWindowMs: number;
  /** What the status policy knows of this request (`nextStatusPoll`). */
  poll: StatusPollState<StatusResponse>;
  /** The stream acknowledged this subscription on the current connection. */
  acknowledged: boolean;
  /** Drops the connection when the acknowledgement does not come within the ready window. */
  ackTimer: TimerHandle | undefined;
  /** Called with the status each time it changes. */
  onUpdate: ((status: StatusResponse) => void) | undefined;
  /** The next poll. */
  pollTimer: TimerHandle | undefined;
  /** The poll in flight, to abort when the track ends. */
  polling: AbortController | undefined;
  /** Ends the track with a `WaitForStatusTimeoutError`; undefined for a wait with no limit. */
  timeoutTimer: TimerHandle | undefined;
  /** The caller's signal, and the listener that ends the track with `AbortError` when it aborts. */
  signal: AbortSignal | undefined;
  onAbort: () => void;
  /** Settle the track's promise. */
  resolve: (status: StatusResponse) => void;
  reject: (error: unknown) => void;
};

/** A tracker's settings, with their defaults. */
export type TrackerSettings = {
  /** The status stream, with the `apiKey` query parameter when a key is given. */
  url: URL;
  /** The WebSocket implementation given, if any. */
  WebSocket: WebSocketConstructor | undefined;
  /** Time between status polls while the stream is down, in ms. */
  pollIntervalMs: number;
  /** Time between safety polls while the stream is up, in ms. */
  connectedPollIntervalMs: number;
  /** The ready window: for the ready message, then for each acknowledgement, in ms. */
  connectTimeoutMs: number;
  /** Reconnection delays: from `baseDelayMs` doubling up to `maxDelayMs`, ±20 %, in ms. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest wait between polls after failed reads, in ms. */
  maxBackoffMs: number;
};

/**
 * What reaches a tracker from outside a call of it: a timer that fires, a socket that speaks. Each
 * is run by `handleTrackerEvent`.
 */
export type TrackerEvent =
  /** A request's poll timer fired: read its status. */
  | { type: "poll-due"; subscription: Subscription }
  /** The reconnection timer fired: connect again. */
  | { type: "reconnect-due" }
  /** A socket received a message (acted on only while it is the tracker's socket). */
  | { type: "message"; socket: WebSocketLike; data: unknown }
  /** A socket closed. */
  | { type: "closed"; socket: WebSocketLike }
  /**
   * A socket failed: an error, no ready message within the ready window, or a subscription not
   * acknowledged within it. The tracker closes it and drops it like one that closed.
   */
  | { type: "failed"; socket: WebSocketLike };

/** Everything the executors of one tracker share: its client, settings and clock, and the state they change. */
export type TrackerContext = {
  /** Used for polls. */
  client: BaseClient;
  settings: TrackerSettings;
  clock: StatusTrackerClock;
  /** The requests followed, by lowercase request id. */
  subscriptions: Map<string, Subscription>;
  state: StatusTrackerState;
  /** The current connection (a placeholder when the last one could not even be made). */
  socket: WebSocketLike | undefined;
  /** Drops a connection that sends no ready message within the ready window. */
  connectTimer: TimerHandle | undefined;
  reconnectTimer: TimerHandle | undefined;
  /** Connections that failed in a row: the reconnection backoff's exponent. */
  failedAttempts: number;
  /** Set by `close()`: no track starts and no connection is made any more. */
  closed: boolean;
  /** Sockets closed already: each is closed once (`closeStreamSocket`). */
  closing: WeakSet<WebSocketLike>;
  /** Runs an event (`handleTrackerEvent`): what timers and sockets call. */
  dispatch: (event: TrackerEvent) => void;
};

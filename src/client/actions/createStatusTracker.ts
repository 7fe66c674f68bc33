import type { InvalidRequestError } from "../../schemas/errors.js";
import type { StatusResponse } from "../../schemas/index.js";
import { parseResponse, validateRequest } from "../../schemas/index.js";
import { isFinalStatus, isKnownStatus, requestStatuses } from "../../schemas/statuses.js";
import type { BaseClient } from "../createBaseClient.js";
import { AbortError, type ClientErrorType } from "../errors/request.js";
import { RequestNotFoundError, UnknownStatusError, WaitForStatusTimeoutError } from "../errors/status.js";
import {
  initialStatusPollState,
  nextStatusPoll,
  type StatusObservation,
  type StatusPollPolicy,
  type StatusPollState,
} from "../utils/nextStatusPoll.js";
import { getStatus } from "./getStatus.js";
import { defaultNotFoundWindowMs, defaultWaitTimeoutMs } from "./waitForStatus.js";

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
  | WaitForStatusTimeoutError
  | RequestNotFoundError
  | UnknownStatusError
  | AbortError
  | ClientErrorType
  | InvalidRequestError;

type Subscription = {
  requestId: string;
  key: string;
  /** The status policy's grace and not-found window for this request. */
  failureGraceMs: number;
  notFoundWindowMs: number;
  /** What the status policy knows of this request (`nextStatusPoll`). */
  poll: StatusPollState<StatusResponse>;
  /** The stream acknowledged this subscription on the current connection. */
  acknowledged: boolean;
  /** Drops the connection when the acknowledgement does not come within the ready window. */
  ackTimer: ReturnType<typeof setTimeout> | undefined;
  onUpdate: TrackParameters["onUpdate"];
  pollTimer: ReturnType<typeof setTimeout> | undefined;
  polling: AbortController | undefined;
  finish: (result: { status: StatusResponse } | { error: unknown }) => void;
};

const event = "request.status.updated";

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
 * nothing is tracked.
 *
 * @param client - A client from `createClient` or `createBaseClient` (used for polls).
 * @param parameters - {@link CreateStatusTrackerParameters}
 * @returns The tracker. {@link StatusTracker}
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
  } = parameters;
  // Backoff cap of polls after failed reads, as in waitForStatus.
  const maxBackoffMs = 30_000;
  const baseDelayMs = parameters.reconnect?.baseDelayMs ?? 500;
  const maxDelayMs = parameters.reconnect?.maxDelayMs ?? 15_000;
  const url = new URL(parameters.webSocketUrl ?? defaultWebSocketUrl(client.baseUrl));
  if (apiKey !== undefined) url.searchParams.set("apiKey", apiKey);

  const subscriptions = new Map<string, Subscription>();
  let state: StatusTrackerState = "idle";
  let socket: WebSocketLike | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let closed = false;
  // Closing a socket that is still connecting makes Node's WebSocket fire `error` inside close(),
  // and the error listener closes it: each socket is closed once, so that call returns at once.
  const closing = new WeakSet<WebSocketLike>();
  const closeSocket = (target: WebSocketLike | undefined, code?: number, reason?: string) => {
    if (!target || closing.has(target)) return;
    closing.add(target);
    try {
      if (code === undefined) target.close();
      else target.close(code, reason);
    } catch {}
  };

  const send = (message: object) => {
    if (state === "connected" && socket?.readyState === 1) socket.send(JSON.stringify(message));
  };

  // Subscribes on the current connection; one that never acknowledges it is dropped like one that
  // never says ready, so polling takes over within the same window.
  const subscribe = (subscription: Subscription) => {
    const at = socket;
    if (state !== "connected" || !at) return;
    subscription.acknowledged = false;
    clearTimeout(subscription.ackTimer);
    subscription.ackTimer = setTimeout(() => {
      subscription.ackTimer = undefined;
      if (socket !== at || subscription.acknowledged) return;
      closeSocket(at);
      down(at);
    }, connectTimeoutMs);
    send({ type: "subscribe", event, filters: { id: subscription.requestId } });
  };

  const schedulePoll = (subscription: Subscription, delayMs: number) => {
    clearTimeout(subscription.pollTimer);
    subscription.pollTimer = setTimeout(() => void poll(subscription), delayMs);
  };
  // While the stream has acknowledged the request and a status was read, polls are a safety net at
  // the connected interval; otherwise (down, connecting, not yet acknowledged) at the poll interval.
  const policyOf = (subscription: Subscription): StatusPollPolicy => ({
    isSettled: isFinalStatus,
    isKnown: isKnownStatus,
    intervalMs:
      state === "connected" && subscription.acknowledged && subscription.poll.last !== undefined
        ? connectedPollIntervalMs
        : pollIntervalMs,
    failureGraceMs: subscription.failureGraceMs,
    notFoundWindowMs: subscription.notFoundWindowMs,
    maxBackoffMs,
  });

  /** One step of the client's status policy for a read, a failed read or a pushed status. */
  const observe = (subscription: Subscription, observation: StatusObservation<StatusResponse>) => {
    if (!subscriptions.has(subscription.key)) return;
    const {
      state: next,
      action,
      changed,
    } = nextStatusPoll(policyOf(subscription), subscription.poll, observation, Date.now());
    subscription.poll = next;
    if (changed) subscription.onUpdate?.(changed);
    const { requestId } = subscription;
    switch (action.kind) {
      case "settled":
        return subscription.finish({ status: action.response });
      case "fatal":
        return subscription.finish({ error: action.error });
      case "not-found":
        return subscription.finish({
          error: new RequestNotFoundError({
            requestId,
            endpoint: "/intents/status/v3",
            windowMs: subscription.notFoundWindowMs,
            reads: next.reads,
          }),
        });
      case "unknown-status":
        return subscription.finish({
          error: new UnknownStatusError({
            requestId,
            status: action.response.status,
            statusResponse: action.response,
            knownStatuses: requestStatuses,
          }),
        });
      case "read":
        // A read in flight reschedules when it answers.
        if (!subscription.polling) schedulePoll(subscription, action.afterMs);
    }
  };

  const poll = async (subscription: Subscription) => {
    if (subscription.polling || !subscriptions.has(subscription.key)) return;
    const controller = new AbortController();
    subscription.polling = controller;
    let observation: StatusObservation<StatusResponse>;
    try {
      // One attempt per poll: the next poll is the retry, with the policy's backoff.
      const response = await getStatus(
        client,
        { requestId: subscription.requestId },
        { signal: controller.signal, retry: false },
      );
      observation = { kind: "read", response };
    } catch (error) {
      if (controller.signal.aborted) return;
      observation = { kind: "failed", error };
    } finally {
      subscription.polling = undefined;
    }
    observe(subscription, observation);
  };

  const onMessage = (data: unknown) => {
    let message: { type?: unknown; status?: unknown; event?: unknown; data?: unknown };
    try {
      message = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer));
    } catch {
      return;
    }
    if (message?.type === "connection" && message.status === "ready") {
      state = "connected";
      clearTimeout(connectTimer);
      for (const subscription of subscriptions.values()) subscribe(subscription);
      return;
    }
    if (message?.type === "subscribe" && message.status === "success") {
      const id = (message.data as { filters?: { id?: unknown } } | undefined)?.filters?.id;
      const subscription = typeof id === "string" ? subscriptions.get(id.toLowerCase()) : undefined;
      if (!subscription) return;
      // The stream works (ready and answering): the backoff starts over.
      failedAttempts = 0;
      subscription.acknowledged = true;
      clearTimeout(subscription.ackTimer);
      subscription.ackTimer = undefined;
      // Subscribed: one poll catches a change made before, then safety polls only.
      schedulePoll(subscription, 0);
      return;
    }
    if (message?.event === event && message.data && typeof message.data === "object") {
      let status: StatusResponse;
      try {
        status = parseResponse({ endpoint: "status", body: message.data }) as StatusResponse;
      } catch {
        return;
      }
      const subscription =
        typeof status.requestId === "string" ? subscriptions.get(status.requestId.toLowerCase()) : undefined;
      // A pushed status is news, judged by the same policy as a read (an unknown one asks for a read).
      if (subscription) observe(subscription, { kind: "pushed", response: status });
    }
  };

  const down = (from: WebSocketLike) => {
    if (socket !== from) return;
    socket = undefined;
    clearTimeout(connectTimer);
    for (const subscription of subscriptions.values()) {
      subscription.acknowledged = false;
      clearTimeout(subscription.ackTimer);
      subscription.ackTimer = undefined;
    }
    if (closed || subscriptions.size === 0) {
      state = "idle";
      return;
    }
    state = "down";
    // Poll while the stream is down.
    for (const subscription of subscriptions.values()) schedulePoll(subscription, 0);
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** failedAttempts) * (0.8 + Math.random() * 0.4);
    failedAttempts++;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed || socket || subscriptions.size === 0) return;
    state = "connecting";
    let opened: WebSocketLike;
    try {
      const Implementation = await resolveWebSocket(parameters.WebSocket);
      if (closed || socket || subscriptions.size === 0) return;
      opened = new Implementation(url.toString());
    } catch {
      const placeholder = { readyState: 3 } as WebSocketLike;
      socket = placeholder;
      return down(placeholder);
    }
    socket = opened;
    // Not ready in time (a handshake never answered, a silent server): polling takes over.
    connectTimer = setTimeout(() => {
      closeSocket(opened);
      down(opened);
    }, connectTimeoutMs);
    opened.addEventListener("message", (message) => {
      if (socket === opened) onMessage(message.data);
    });
    opened.addEventListener("close", () => down(opened));
    opened.addEventListener("error", () => {
      closeSocket(opened);
      down(opened);
    });
  };

  const disconnectIfIdle = () => {
    if (subscriptions.size > 0) return;
    clearTimeout(reconnectTimer);
    clearTimeout(connectTimer);
    const current = socket;
    socket = undefined;
    state = "idle";
    failedAttempts = 0;
    closeSocket(current, 1000, "done");
  };

  return {
    track({
      requestId,
      timeoutMs = defaultWaitTimeoutMs,
      failureGraceMs = 15_000,
      notFoundWindowMs = defaultNotFoundWindowMs,
      onUpdate,
      signal,
    }) {
      try {
        validateRequest({ endpoint: "status", body: { requestId } });
      } catch (error) {
        return Promise.reject(error);
      }
      if (closed) return Promise.reject(new AbortError({ cause: "the tracker is closed" }));
      if (signal?.aborted) return Promise.reject(new AbortError({ cause: signal.reason }));
      const key = requestId.toLowerCase();
      if (subscriptions.has(key))
        return Promise.reject(new Error(`Request ${requestId} is already tracked by this tracker.`));
      return new Promise<StatusResponse>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const onAbort = () => subscription.finish({ error: new AbortError({ cause: signal?.reason }) });
        const subscription: Subscription = {
          requestId,
          key,
          failureGraceMs,
          notFoundWindowMs,
          poll: initialStatusPollState(),
          acknowledged: false,
          ackTimer: undefined,
          onUpdate,
          pollTimer: undefined,
          polling: undefined,
          finish(result) {
            if (subscriptions.get(key) !== subscription) return;
            subscriptions.delete(key);
            clearTimeout(timer);
            clearTimeout(subscription.pollTimer);
            clearTimeout(subscription.ackTimer);
            subscription.polling?.abort();
            signal?.removeEventListener("abort", onAbort);
            send({ type: "unsubscribe", event, filters: { id: requestId } });
            disconnectIfIdle();
            if ("status" in result) resolve(result.status);
            else reject(result.error);
          },
        };
        subscriptions.set(key, subscription);
        signal?.addEventListener("abort", onAbort, { once: true });
        if (timeoutMs < 2 ** 31)
          timer = setTimeout(
            () =>
              subscription.finish({
                error: new WaitForStatusTimeoutError({
                  requestId,
                  timeoutMs,
                  lastStatus: subscription.poll.last,
                }),
              }),
            timeoutMs,
          );
        // The first answer comes from a poll: the stream sends changes only.
        schedulePoll(subscription, 0);
        if (state === "connected") subscribe(subscription);
        else if (!socket && state !== "down") void connect();
      });
    },
    state: () => state,
    close() {
      closed = true;
      for (const subscription of [...subscriptions.values()])
        subscription.finish({ error: new AbortError({ cause: "the tracker was closed" }) });
      disconnectIfIdle();
    },
  };
}

/** The stream of a service: the live one for the live API, else the API's own host over ws(s). */
function defaultWebSocketUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (/^api\.(testnets\.)?relay\.link$/.test(url.hostname))
    return `wss://${url.hostname.replace(/^api\./, "ws.")}`;
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = "/";
  url.search = "";
  return url.toString();
}

async function resolveWebSocket(given: WebSocketConstructor | undefined): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  const { WebSocket } = (await import("ws")) as unknown as { WebSocket: WebSocketConstructor };
  return WebSocket;
}

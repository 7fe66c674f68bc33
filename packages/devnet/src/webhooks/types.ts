/** Signs a delivery: the verification headers for `body` under `secret`. */
export type SignDelivery = (parameters: { body: string; secret: string }) => Record<string, string>;

/** One event and what happened to it. */
export type WebhookDelivery = {
  /** Event id, sent as `X-Event-Id` and as the body's `id`: receivers drop duplicates by it. */
  id: string;
  requestId: string;
  url: string;
  /** The exact body sent on every attempt. */
  body: string;
  /** `queued` (waiting for its turn or its next attempt), `delivered`, or `failed` after the last retry. */
  state: "queued" | "delivered" | "failed";
  /** Attempts made so far (1 + retries). */
  attempts: number;
  /**
   * The last attempt's result in words: `HTTP 200 from 127.0.0.1:4000`, or why no answer came
   * (`connection refused at 127.0.0.1:4000 (nothing listens there)`, `timed out after 10000 ms ...`).
   */
  lastResult: string | undefined;
  /** The error the last attempt threw, as thrown (with its cause), for debugging; absent after an answer. */
  lastError?: string | undefined;
};

/** The settings of an outbox, every default applied (see `CreateWebhookOutboxParameters`). */
export type WebhookOutboxSettings = {
  /** Webhook endpoint URL per API key. */
  readonly endpoints: ReadonlyMap<string, string>;
  /** Custom headers per API key. */
  readonly customHeaders: ReadonlyMap<string, Readonly<Record<string, string>>>;
  readonly sign: SignDelivery;
  /** Retries after the first attempt. */
  readonly retries: number;
  /** Delay before the first retry, doubled for each next one, in milliseconds. */
  readonly baseDelayMs: number;
  /** Cap of one delay, in milliseconds. */
  readonly maxDelayMs: number;
  /** Limit of one attempt, in milliseconds. */
  readonly timeoutMs: number;
  /** Attempts in flight at once per endpoint URL. */
  readonly concurrency: number;
  readonly persist: (delivery: WebhookDelivery, apiKey: string) => void;
  readonly log: (message: string) => void;
};

/** The attempts in flight to one endpoint URL, and the attempts waiting for a slot. */
export type WebhookSlot = { active: number; waiters: (() => void)[] };

/**
 * What an outbox holds: its deliveries, the chain of deliveries per request, the attempt slots per
 * endpoint and who waits for it to be idle. Every step of `createWebhookOutbox` takes it.
 */
export type WebhookOutboxState = {
  readonly settings: WebhookOutboxSettings;
  /** Every delivery, oldest first. */
  readonly all: WebhookDelivery[];
  /** Each delivery with the API key that signs it, by event id. */
  readonly byId: Map<string, { delivery: WebhookDelivery; apiKey: string }>;
  /** The tail of each request's chain of deliveries: the next one starts when it settles. */
  readonly tails: Map<string, Promise<void>>;
  /** Aborted by `stop`: ends the retry waits and the attempts in flight. */
  readonly controller: AbortController;
  /** Attempt slots per endpoint URL. */
  readonly slots: Map<string, WebhookSlot>;
  /** Deliveries scheduled and not settled yet. */
  pending: number;
  /** Resolved once `pending` falls to 0. */
  idleWaiters: (() => void)[];
};

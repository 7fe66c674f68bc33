/**
 * What a store answers when the handler asks to run an event: `true` (the caller holds the claim
 * and runs it), `false` or `"handled"` (an earlier delivery of it was handled: a duplicate), or
 * `"in-progress"` (another delivery of it is being handled right now).
 */
export type WebhookClaimResult = boolean | "handled" | "in-progress";

/**
 * Where the webhook handler records the events it has handled, so that a delivery made twice, or
 * twice at once, runs the handler once. The default keeps them in memory (one process); a shared
 * store (Redis, a database table) lets several processes behind a load balancer share them.
 *
 * The contract, as `SET id pending NX PX ttl` in Redis:
 * - `claim` is atomic: of any number of concurrent calls for one id, at most one gets `true`
 *   until the claim is released or expires. A store that cannot tell a handled event from one in
 *   progress answers `false` for both; the handler then still answers a delivery that arrives
 *   while this process runs the same event with 409 (try again later), not with 200.
 * - `release` (after the handler threw) drops the claim, so the next delivery runs the handler.
 * - `complete` (after the handler succeeded) may mark the id handled and restart its time to live.
 */
export type WebhookEventStore = {
  /** Claims `id` for `ttlMs` milliseconds unless a live claim exists. */
  claim: (id: string, ttlMs: number) => WebhookClaimResult | Promise<WebhookClaimResult>;
  /** Drops the claim on `id` (the handler failed: a retry must run it). */
  release?: ((id: string) => void | Promise<void>) | undefined;
  /** Marks `id` handled, kept for `ttlMs` from now. */
  complete?: ((id: string, ttlMs: number) => void | Promise<void>) | undefined;
};

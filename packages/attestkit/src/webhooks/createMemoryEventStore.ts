import type { WebhookClaimResult, WebhookEventStore } from "./types.js";

export type CreateMemoryEventStoreParameters = {
  /** The clock in Unix milliseconds. Defaults to `Date.now`. */
  now?: (() => number) | undefined;
};

/** An in-memory event store, with a look at what it holds (for tests and metrics). */
export type MemoryEventStore = {
  claim: WebhookEventStore["claim"];
  release: NonNullable<WebhookEventStore["release"]>;
  complete: NonNullable<WebhookEventStore["complete"]>;
  /** Ids held now (expired ones are dropped as the store is used). */
  size: () => number;
};

/**
 * Creates the webhook handler's default event store: event ids in a `Map` with a time to live,
 * for one process. Expired ids are dropped as new ones are claimed (ids are kept in the order
 * their time to live ends, so only the oldest are looked at), so memory holds about the events
 * of one time-to-live window. Several processes behind a load balancer need a shared store.
 *
 * @param parameters - {@link CreateMemoryEventStoreParameters}
 * @returns The store. {@link MemoryEventStore}
 * @example
 * const store = createMemoryEventStore()
 * await store.claim("evt_1", 60_000) // true
 * await store.claim("evt_1", 60_000) // "in-progress"
 */
export function createMemoryEventStore({
  now = Date.now,
}: CreateMemoryEventStoreParameters = {}): MemoryEventStore {
  const held = new Map<string, { state: "in-progress" | "handled"; expiresAt: number }>();
  const sweep = (time: number) => {
    for (const [id, entry] of held) {
      if (entry.expiresAt > time) break;
      held.delete(id);
    }
  };
  // Re-inserted on every change, so the map stays in expiry order for one ttl.
  const put = (id: string, state: "in-progress" | "handled", expiresAt: number) => {
    held.delete(id);
    held.set(id, { state, expiresAt });
  };
  return {
    claim: (id, ttlMs): WebhookClaimResult => {
      const time = now();
      sweep(time);
      const entry = held.get(id);
      if (entry && entry.expiresAt > time) return entry.state;
      put(id, "in-progress", time + ttlMs);
      return true;
    },
    release: (id) => {
      held.delete(id);
    },
    complete: (id, ttlMs) => {
      put(id, "handled", now() + ttlMs);
    },
    size: () => {
      sweep(now());
      return held.size;
    },
  };
}

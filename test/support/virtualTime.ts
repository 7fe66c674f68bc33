// A clock for code that takes `now` and `sleep` (the collection's pacer and backoffs): time stands
// still while anything can still run, and jumps to the next wait's end only when nothing can, so a
// test of rates and waits of seconds takes none, and never depends on how fast the machine is.
import { AbortError } from "../../packages/attestkit/src/client/errors/request.js";

export type VirtualTime = {
  /** The time, in ms from 0. */
  now: () => number;
  /** Waits `ms` of the virtual time; rejects with an `AbortError` when `signal` aborts. */
  sleep: (parameters: { ms: number; signal?: AbortSignal | undefined }) => Promise<void>;
  /**
   * Settles like `promise`, moving the time on whenever everything is waiting: after a few turns of
   * the event loop with no progress, the earliest wait ends (waits ending together, in the order they
   * began), and the time becomes its end.
   */
  run: <value>(promise: Promise<value>) => Promise<value>;
};

/** A turn of the event loop: what is queued (promises, I/O callbacks) runs first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Creates a virtual clock.
 *
 * @example
 * const time = createVirtualTime()
 * const items = await time.run(collectAll(collectAttestations(client, { now: time.now, sleep: time.sleep })))
 */
export function createVirtualTime(): VirtualTime {
  let now = 0;
  let order = 0;
  const waits: { at: number; order: number; end: () => void }[] = [];
  return {
    now: () => now,
    sleep: ({ ms, signal }) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new AbortError({ cause: signal.reason }));
        const onAbort = () => {
          const index = waits.indexOf(wait);
          if (index !== -1) waits.splice(index, 1);
          reject(new AbortError({ cause: signal?.reason }));
        };
        const wait = {
          at: now + Math.max(0, ms),
          order: order++,
          end: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        waits.push(wait);
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    run: async (promise) => {
      let settled = false;
      promise.then(
        () => (settled = true),
        () => (settled = true),
      );
      for (;;) {
        // A few turns: a fetch answered from memory reads its body over several.
        for (let i = 0; i < 5 && !settled; i++) await turn();
        if (settled) return promise;
        waits.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = waits.shift();
        if (!next) continue;
        now = Math.max(now, next.at);
        next.end();
      }
    },
  };
}

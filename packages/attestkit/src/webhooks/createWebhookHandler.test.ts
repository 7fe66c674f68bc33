import { describe, expect, test } from "vitest";
import type { WebhookEvent } from "../schemas/types.js";
import { createMemoryEventStore } from "./createMemoryEventStore.js";
import { createWebhookHandler } from "./createWebhookHandler.js";
import { InvalidWebhookSecretError, type WebhookVerificationError } from "./errors.js";
import { generateTestWebhook } from "./generateTestWebhook.js";

const secret = "rk_test_handler";
const url = "http://127.0.0.1/webhooks";

function setup(options: Partial<Parameters<typeof createWebhookHandler>[0]> = {}) {
  const events: WebhookEvent[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    secret,
    onEvent: (event) => {
      events.push(event);
    },
    onError: (error) => errors.push(error),
    ...options,
  });
  return { handler, events, errors };
}

const post = (body: string, headers: Record<string, string>) =>
  new Request(url, { method: "POST", body, headers });

test("default", async () => {
  const { handler, events } = setup();
  const delivery = generateTestWebhook({ secret });
  const response = await handler(post(delivery.body, delivery.headers));
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
  expect(events).toEqual([JSON.parse(delivery.body)]);
});

describe("non-2xx on failure, onEvent not called", () => {
  test("bad signature: 401", async () => {
    const { handler, events, errors } = setup();
    const delivery = generateTestWebhook({ secret: "another key" });
    const response = await handler(post(delivery.body, delivery.headers));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "signature-mismatch" });
    expect(events).toEqual([]);
    expect((errors[0] as WebhookVerificationError).reason).toBe("signature-mismatch");
  });

  test("stale delivery: 401", async () => {
    // Signed at a fixed second; the receiver's clock 301 s later, one past the tolerance.
    const timestamp = 1_700_000_000;
    const { handler, events } = setup({ now: (timestamp + 301) * 1000 });
    const delivery = generateTestWebhook({ secret, timestamp });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([401, { error: "timestamp-too-old" }]);
    expect(events).toEqual([]);
  });

  test("missing headers: 401", async () => {
    const { handler } = setup();
    const response = await handler(post("{}", { "content-type": "application/json" }));
    expect([response.status, await response.json()]).toEqual([401, { error: "missing-header" }]);
  });

  test("authentic but not an event: 400", async () => {
    const { handler, events } = setup();
    const delivery = generateTestWebhook({ secret, payload: { hello: "world" } });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([400, { error: "invalid-body" }]);
    expect(events).toEqual([]);
  });

  test("other methods: 405", async () => {
    const { handler } = setup();
    const response = await handler(new Request(url));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  test("oversized body: 413", async () => {
    const { handler, events } = setup({ maxBodyBytes: 64 });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect(response.status).toBe(413);
    // A streamed body without content-length is cut off too.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(40));
        controller.enqueue(new Uint8Array(40));
        controller.close();
      },
    });
    const streamed = new Request(url, {
      method: "POST",
      body: stream,
      headers: delivery.headers,
      duplex: "half",
    } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    expect(events).toEqual([]);
  });

  test("onEvent throws: 500, so the service delivers again", async () => {
    const failure = new Error("database down");
    const { handler, errors } = setup({
      onEvent: () => {
        throw failure;
      },
    });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([500, { error: "handler-failed" }]);
    expect(errors).toEqual([failure]);
  });
});

test("async onEvent is awaited", async () => {
  let done = false;
  const handler = createWebhookHandler({
    secret,
    onEvent: async () => {
      // A turn of the event loop, not a wall-clock wait: the answer must still come after it.
      await new Promise((resolve) => setImmediate(resolve));
      done = true;
    },
  });
  const delivery = generateTestWebhook({ secret });
  expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
  expect(done).toBe(true);
});

test("an empty secret fails at creation", () => {
  expect(() => createWebhookHandler({ secret: "", onEvent: () => {} })).toThrow(InvalidWebhookSecretError);
});

describe("duplicates: the same event runs onEvent once", () => {
  const deferred = () => {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise, resolve, reject };
  };

  test("the same delivery twice: onEvent once, both answered 200", async () => {
    const { handler, events } = setup();
    const delivery = generateTestWebhook({ secret });
    const first = await handler(post(delivery.body, delivery.headers));
    const second = await handler(post(delivery.body, delivery.headers));
    expect([first.status, await first.json()]).toEqual([200, { received: true }]);
    expect([second.status, await second.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(events).toHaveLength(1);
  });

  test("a retry with a new timestamp and signature is the same event (same id)", async () => {
    const { handler, events } = setup();
    const payload = { ...JSON.parse(generateTestWebhook({ secret }).body), id: "evt_retry" };
    for (const timestamp of [Math.floor(Date.now() / 1000) - 20, Math.floor(Date.now() / 1000)]) {
      const delivery = generateTestWebhook({ secret, payload, timestamp });
      expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    }
    expect(events).toHaveLength(1);
    // Another event of the same request is another event.
    const next = generateTestWebhook({ secret, payload: { ...payload, id: "evt_next" } });
    expect((await handler(post(next.body, next.headers))).status).toBe(200);
    expect(events).toHaveLength(2);
  });

  test("twice at once (a handler slower than the sender's timeout): onEvent once; the second gets 409, a later retry 200", async () => {
    const gate = deferred();
    const started = deferred();
    const calls: string[] = [];
    const { handler } = setup({
      onEvent: async (_, { eventId }) => {
        calls.push(eventId);
        started.resolve();
        await gate.promise;
      },
    });
    const delivery = generateTestWebhook({ secret });
    const first = handler(post(delivery.body, delivery.headers));
    // The first delivery is inside onEvent: the event is in progress.
    await started.promise;
    const second = await handler(post(delivery.body, delivery.headers));
    expect([second.status, await second.json()]).toEqual([409, { error: "in-progress" }]);
    expect(second.headers.get("retry-after")).toBe("10");
    gate.resolve();
    expect((await first).status).toBe(200);
    const later = await handler(post(delivery.body, delivery.headers));
    expect([later.status, await later.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(calls).toEqual([JSON.parse(delivery.body).id]);
  });

  test("onEvent throws: 500 and the id is released, so the retry runs it; after success, no more", async () => {
    let attempts = 0;
    const { handler, errors } = setup({
      onEvent: () => {
        attempts++;
        if (attempts === 1) throw new Error("database down");
      },
    });
    const delivery = generateTestWebhook({ secret });
    const first = await handler(post(delivery.body, delivery.headers));
    expect([first.status, await first.json()]).toEqual([500, { error: "handler-failed" }]);
    expect((errors[0] as Error).message).toBe("database down");
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    expect(attempts).toBe(2);
  });

  test("after the time to live (injected clock), the same id runs again", async () => {
    let time = 5_000_000;
    const store = createMemoryEventStore({ now: () => time });
    const { handler, events } = setup({ store, dedupeTtlMs: 60_000 });
    const delivery = generateTestWebhook({ secret });
    await handler(post(delivery.body, delivery.headers));
    time += 59_999;
    await handler(post(delivery.body, delivery.headers));
    expect(events).toHaveLength(1);
    time += 1;
    await handler(post(delivery.body, delivery.headers));
    expect(events).toHaveLength(2);
  });

  test("an event without an id is told by its raw body", async () => {
    const { handler, events } = setup();
    const { id: _, ...payload } = JSON.parse(generateTestWebhook({ secret }).body);
    const delivery = generateTestWebhook({ secret, payload });
    for (let i = 0; i < 2; i++)
      expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    expect(events).toHaveLength(1);
    const changed = generateTestWebhook({ secret, payload: { ...payload, timestamp: 1 } });
    await handler(post(changed.body, changed.headers));
    expect(events).toHaveLength(2);
  });

  test("the X-Event-Id header is not trusted: the signed id decides", async () => {
    const { handler, events } = setup();
    const delivery = generateTestWebhook({ secret });
    await handler(post(delivery.body, { ...delivery.headers, "x-event-id": "evt_a" }));
    await handler(post(delivery.body, { ...delivery.headers, "x-event-id": "evt_b" }));
    expect(events).toHaveLength(1);
  });

  test("store: false runs every authentic delivery", async () => {
    const { handler, events } = setup({ store: false });
    const delivery = generateTestWebhook({ secret });
    await handler(post(delivery.body, delivery.headers));
    await handler(post(delivery.body, delivery.headers));
    expect(events).toHaveLength(2);
  });
});

describe("a shared store (here a fake one) through the store interface", () => {
  /** What a Redis `SET id 1 NX PX ttl` store does: true or false, nothing more. */
  function fakeSharedStore() {
    const held = new Map<string, number>();
    const calls: string[] = [];
    return {
      calls,
      held,
      claim: async (id: string, ttlMs: number) => {
        calls.push(`claim ${id} ${ttlMs}`);
        if (held.has(id)) return false;
        held.set(id, ttlMs);
        return true;
      },
      release: async (id: string) => {
        calls.push(`release ${id}`);
        held.delete(id);
      },
    };
  }

  test("two handlers (two processes) share it: the event runs once", async () => {
    const store = fakeSharedStore();
    const a = setup({ store, dedupeTtlMs: 1000 });
    const b = setup({ store, dedupeTtlMs: 1000 });
    const delivery = generateTestWebhook({ secret });
    const id = JSON.parse(delivery.body).id;
    expect((await a.handler(post(delivery.body, delivery.headers))).status).toBe(200);
    const duplicate = await b.handler(post(delivery.body, delivery.headers));
    expect([duplicate.status, await duplicate.json()]).toEqual([200, { received: true, duplicate: true }]);
    expect(a.events.length + b.events.length).toBe(1);
    expect(store.calls).toEqual([`claim ${id} 1000`, `claim ${id} 1000`]);
  });

  test("a store that only says false still gets 409 while this process runs the event", async () => {
    const store = fakeSharedStore();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const inEvent = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { handler } = setup({
      store,
      onEvent: () => {
        started();
        return gate;
      },
    });
    const delivery = generateTestWebhook({ secret });
    const first = handler(post(delivery.body, delivery.headers));
    // The first delivery is inside onEvent: the event is in progress.
    await inEvent;
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(409);
    release();
    expect((await first).status).toBe(200);
  });

  test("a failed handler releases through the store", async () => {
    const store = fakeSharedStore();
    const { handler } = setup({
      store,
      onEvent: () => {
        throw new Error("no");
      },
    });
    const delivery = generateTestWebhook({ secret });
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(500);
    expect(store.calls.at(-1)).toBe(`release ${JSON.parse(delivery.body).id}`);
    expect(store.held.size).toBe(0);
  });

  test("a store that fails: 503 and onEvent not called (fail closed)", async () => {
    const { handler, events, errors } = setup({
      store: {
        claim: () => {
          throw new Error("redis unreachable");
        },
      },
    });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([503, { error: "store-unavailable" }]);
    expect(events).toEqual([]);
    expect((errors[0] as Error).message).toBe("redis unreachable");
  });
});

describe('respond: "before-handler"', () => {
  test("answers 200 before onEvent finishes; idle() waits for it; a duplicate meanwhile gets 409", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done: string[] = [];
    const kept: Promise<unknown>[] = [];
    const { handler } = setup({
      respond: "before-handler",
      waitUntil: (work) => kept.push(work),
      onEvent: async (event) => {
        await gate;
        done.push(event.id as string);
      },
    });
    const delivery = generateTestWebhook({ secret });
    const response = await handler(post(delivery.body, delivery.headers));
    expect([response.status, await response.json()]).toEqual([200, { received: true }]);
    expect(done).toEqual([]);
    expect(kept).toHaveLength(1);
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(409);
    release();
    await handler.idle();
    expect(done).toEqual([JSON.parse(delivery.body).id]);
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    expect(done).toHaveLength(1);
  });

  test("a failure after the answer is reported and released (the event is not delivered again)", async () => {
    const { handler, errors } = setup({
      respond: "before-handler",
      onEvent: async () => {
        throw new Error("late failure");
      },
    });
    const delivery = generateTestWebhook({ secret });
    expect((await handler(post(delivery.body, delivery.headers))).status).toBe(200);
    await handler.idle();
    expect((errors[0] as Error).message).toBe("late failure");
  });
});

test("bad options are refused at start-up", () => {
  for (const [option, value] of [
    ["dedupeTtlMs", 0],
    ["dedupeTtlMs", Number.NaN],
    ["respond", "later"],
  ] as const)
    expect(() => createWebhookHandler({ secret, onEvent: () => {}, [option]: value } as never)).toThrow(
      expect.objectContaining({ name: "InvalidWebhookOptionError", option }),
    );
});

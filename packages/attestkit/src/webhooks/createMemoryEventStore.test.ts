import { expect, test } from "vitest";
import { createMemoryEventStore } from "./createMemoryEventStore.js";

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

test("default: the first claim wins; later ones see it in progress, then handled", async () => {
  const store = createMemoryEventStore();
  expect(await store.claim("evt_1", 60_000)).toBe(true);
  expect(await store.claim("evt_1", 60_000)).toBe("in-progress");
  await store.complete("evt_1", 60_000);
  expect(await store.claim("evt_1", 60_000)).toBe("handled");
  expect(await store.claim("evt_2", 60_000)).toBe(true);
  expect(store.size()).toBe(2);
});

test("a released claim can be claimed again", async () => {
  const store = createMemoryEventStore();
  expect(store.claim("evt_1", 60_000)).toBe(true);
  store.release("evt_1");
  expect(store.claim("evt_1", 60_000)).toBe(true);
});

test("ids expire after their time to live, counted from the claim, then from completion", () => {
  const time = clock();
  const store = createMemoryEventStore({ now: time.now });
  expect(store.claim("evt_1", 1000)).toBe(true);
  time.advance(999);
  expect(store.claim("evt_1", 1000)).toBe("in-progress");
  store.complete("evt_1", 1000);
  time.advance(999);
  expect(store.claim("evt_1", 1000)).toBe("handled");
  time.advance(1);
  expect(store.claim("evt_1", 1000)).toBe(true);
});

test("expired ids are dropped, so memory holds one time-to-live window", () => {
  const time = clock();
  const store = createMemoryEventStore({ now: time.now });
  for (let i = 0; i < 100; i++) {
    store.claim(`evt_${i}`, 1000);
    store.complete(`evt_${i}`, 1000);
    time.advance(100);
  }
  // Ids of the last second only (claimed at 9.1 s to 9.9 s; it is 10 s now).
  expect(store.size()).toBe(9);
  time.advance(1000);
  expect(store.size()).toBe(0);
});

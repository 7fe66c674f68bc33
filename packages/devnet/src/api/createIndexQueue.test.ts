import type { Hex } from "viem";
import { expect, onTestFinished, test, vi } from "vitest";
import type { Deposit } from "../state/types.js";
import { createIndexQueue } from "./createIndexQueue.js";

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;

/** A chain whose indexer knows the transactions in `mined`; every call is recorded. */
function fakeChain(chainId: number) {
  const mined = new Set<string>();
  const calls: Hex[] = [];
  let failNext = false;
  return {
    mined,
    calls,
    failOnce: () => {
      failNext = true;
    },
    chain: {
      chainId,
      indexer: {
        scan: async () => {},
        stop: () => {},
        indexTransaction: async (txHash: Hex): Promise<Deposit[] | null> => {
          calls.push(txHash);
          if (failNext) {
            failNext = false;
            throw new Error("rpc down");
          }
          return mined.has(txHash) ? [] : null;
        },
      },
    },
  };
}

test("default: a queued transaction is indexed once mined, then leaves the queue", async () => {
  const fake = fakeChain(1);
  const queue = createIndexQueue({ chains: new Map([[1, fake.chain]]), pollMs: 60_000 });
  expect(queue.add(1, hash(1))).toBe(true);
  expect(queue.add(1, hash(1))).toBe(true); // once only
  expect(queue.size()).toBe(1);
  await queue.check();
  expect(fake.calls).toEqual([hash(1)]);
  expect(queue.size()).toBe(1); // not mined yet
  fake.mined.add(hash(1));
  await queue.check();
  expect(queue.size()).toBe(0);
  await queue.check();
  expect(fake.calls).toHaveLength(2);
  queue.stop();
});

test("the timer checks on its own", async () => {
  // On a fake clock: the check comes exactly pollMs after the start, however busy the machine.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  const fake = fakeChain(1);
  const queue = createIndexQueue({ chains: new Map([[1, fake.chain]]), pollMs: 5 });
  fake.mined.add(hash(2));
  queue.add(1, hash(2));
  await vi.advanceTimersByTimeAsync(4);
  expect(fake.calls).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(fake.calls).toEqual([hash(2)]);
  expect(queue.size()).toBe(0);
  queue.stop();
});

test("bounded: full at maxPending, entries older than maxAgeMs are dropped and logged", async () => {
  const fake = fakeChain(1);
  let clock = 0;
  const log: string[] = [];
  const queue = createIndexQueue({
    chains: new Map([[1, fake.chain]]),
    pollMs: 60_000,
    maxPending: 2,
    maxAgeMs: 1_000,
    now: () => clock,
    log: (line) => log.push(line),
  });
  expect(queue.add(1, hash(1))).toBe(true);
  expect(queue.add(1, hash(2))).toBe(true);
  expect(queue.add(1, hash(3))).toBe(false);
  // The same hash in other case is the same transaction.
  expect(queue.add(1, hash(1).toUpperCase().replace("0X", "0x") as Hex)).toBe(true);
  expect(queue.size()).toBe(2);
  clock = 1_001;
  await queue.check();
  expect(queue.size()).toBe(0);
  expect(fake.calls).toEqual([]);
  expect(log).toHaveLength(2);
  expect(log[0]).toContain("not mined within 1000 ms");
  expect(queue.add(1, hash(3))).toBe(true);
  queue.stop();
});

test("a failing check keeps the transaction, logs, and tries again; unknown chains are dropped", async () => {
  const fake = fakeChain(1);
  const log: string[] = [];
  const queue = createIndexQueue({
    chains: new Map([[1, fake.chain]]),
    pollMs: 60_000,
    log: (line) => log.push(line),
  });
  queue.add(1, hash(1));
  queue.add(99, hash(2));
  fake.failOnce();
  fake.mined.add(hash(1));
  await queue.check();
  expect(queue.size()).toBe(1);
  expect(log).toEqual([`index queue: ${hash(1)}: rpc down`]);
  await queue.check();
  expect(queue.size()).toBe(0);
  queue.stop();
});

test("concurrent checks share one pass; after stop nothing is queued", async () => {
  const fake = fakeChain(1);
  const queue = createIndexQueue({ chains: new Map([[1, fake.chain]]), pollMs: 60_000 });
  queue.add(1, hash(1));
  await Promise.all([queue.check(), queue.check(), queue.check()]);
  expect(fake.calls).toHaveLength(1);
  queue.stop();
  expect(queue.size()).toBe(0);
  expect(queue.add(1, hash(1))).toBe(false);
});

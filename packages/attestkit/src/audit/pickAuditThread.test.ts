import type { MessagePort, Worker } from "node:worker_threads";
import { expect, test } from "vitest";
import type { AuditThread, AuditWorkerPool } from "./auditWorkerPool.js";
import { createAuditWorkerPool } from "./createAuditWorkerPool.js";
import { pickAuditThread } from "./pickAuditThread.js";

const thread = (load: number): AuditThread => ({
  worker: {} as Worker,
  load,
  lines: {} as MessagePort,
});
const pool = (threads: AuditThread[], count = 2): AuditWorkerPool => {
  const state = createAuditWorkerPool({
    count,
    config: { engine: "native" },
    output: "notes",
    queuePerWorker: 2,
  });
  state.threads.push(...threads);
  return state;
};

test("default: the least loaded thread, the first of equals", () => {
  const threads = [thread(1), thread(0), thread(0)];
  expect(pickAuditThread(pool(threads, 3))).toBe(threads[1]);
});

test("a new thread when every thread is busy and more may start", () => {
  expect(pickAuditThread(pool([]))).toBe("new");
  expect(pickAuditThread(pool([thread(1)]))).toBe("new");
  // An idle thread is used before another starts.
  const idle = thread(0);
  expect(pickAuditThread(pool([idle]))).toBe(idle);
});

test("none when every thread is full and no more may start", () => {
  expect(pickAuditThread(pool([thread(2), thread(2)]))).toBeUndefined();
  const room = thread(1);
  expect(pickAuditThread(pool([thread(2), room]))).toBe(room);
});

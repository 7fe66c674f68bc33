import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, test } from "vitest";
import { openStateDatabase, parseState, stringifyState } from "./openStateDatabase.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-db-"));
  dirs.push(dir);
  return dir;
};

test("default: what is written is read back after the database is opened again", async () => {
  const dir = freshDir();
  const first = await openStateDatabase({ dir });
  first.setMeta("webhooks", { key: "http://127.0.0.1:1/hooks" });
  first.saveRequest("0xAB", { requestId: "0xAB", amountIn: 2n ** 255n, status: "waiting" });
  first.saveRequest("0xab", { requestId: "0xAB", amountIn: 1n, status: "pending" }); // same id, any case
  first.saveDelivery({
    id: "evt_1",
    requestId: "0xab",
    apiKey: "key",
    record: { id: "evt_1", state: "queued" },
  });
  first.saveDelivery({
    id: "evt_1",
    requestId: "0xab",
    apiKey: "key",
    record: { id: "evt_1", state: "failed" },
  });
  const mined = { number: 3, timestamp: 5, baseFeePerGas: "0x7" };
  expect(
    first.appendChainCall({ chainId: 1, method: "eth_sendRawTransaction", params: ["0x02"], block: null }),
  ).toBe(1);
  expect(first.appendChainCall({ chainId: 2, method: "evm_mine", params: [], block: mined })).toBe(2);
  first.setChainCallBlock(1, { ...mined, number: 4 });
  first.close();

  const second = await openStateDatabase({ dir });
  expect(second.getMeta("webhooks")).toEqual({ key: "http://127.0.0.1:1/hooks" });
  expect(second.getMeta("missing")).toBeUndefined();
  expect(second.loadRequests()).toEqual([{ requestId: "0xAB", amountIn: 1n, status: "pending" }]);
  expect(second.loadDeliveries()).toEqual([
    { id: "evt_1", requestId: "0xab", apiKey: "key", record: { id: "evt_1", state: "failed" } },
  ]);
  expect(second.loadChainCalls()).toEqual([
    {
      seq: 1,
      chainId: 1,
      method: "eth_sendRawTransaction",
      params: ["0x02"],
      block: { ...mined, number: 4 },
    },
    { seq: 2, chainId: 2, method: "evm_mine", params: [], block: mined },
  ]);
  second.clearChainCalls();
  expect(second.loadChainCalls()).toEqual([]);
  second.close();
  second.close(); // twice is harmless
});

test("a transaction keeps all of its writes or none: a throw rolls back, a nested one joins the outer", async () => {
  const dir = freshDir();
  const db = await openStateDatabase({ dir });
  expect(() =>
    db.transaction(() => {
      db.saveRequest("0x01", { status: "success" });
      db.transaction(() => db.saveDelivery({ id: "evt_1", requestId: "0x01", apiKey: "key", record: {} }));
      throw new Error("the process died here");
    }),
  ).toThrow("the process died here");
  expect([db.loadRequests(), db.loadDeliveries()]).toEqual([[], []]);
  const answer = db.transaction(() => {
    db.saveRequest("0x01", { status: "success" });
    return 7;
  });
  expect(answer).toBe(7);
  db.close();
  const again = await openStateDatabase({ dir });
  expect(again.loadRequests()).toEqual([{ status: "success" }]);
  again.close();
});

test("a chain snapshot drops the journal rows it stands for but those that change no account, and keeps their receipts", async () => {
  const dir = freshDir();
  const db = await openStateDatabase({ dir });
  const block = { number: 1, timestamp: 5, baseFeePerGas: "0x7" };
  for (const method of [
    "eth_sendRawTransaction",
    "evm_increaseTime",
    "hardhat_setBalance",
    "eth_sendRawTransaction",
  ])
    db.appendChainCall({ chainId: 1, method, params: [], block });
  db.appendChainCall({ chainId: 2, method: "evm_mine", params: [], block });
  const snapshot = {
    chainId: 1,
    seq: 3,
    block,
    accounts: { "0xab": { balance: "0x1", nonce: "0x0", code: "0x", storage: {} } },
  } as const;
  db.saveChainSnapshot({
    snapshot,
    receipts: [{ hash: "0xAA", receipt: { status: "0x1" } }],
    keep: ["evm_increaseTime"],
  });
  expect(db.loadChainCalls(1).map((call) => [call.seq, call.method])).toEqual([
    [2, "evm_increaseTime"],
    [4, "eth_sendRawTransaction"],
  ]);
  expect(db.loadChainCalls(2)).toHaveLength(1);
  expect(db.loadChainSnapshot(1)).toEqual(snapshot);
  expect(db.loadChainSnapshot(2)).toBeUndefined();
  expect(db.findChainReceipt(1, "0xaa")).toEqual({ status: "0x1" });
  expect(db.findChainReceipt(2, "0xaa")).toBeUndefined();
  db.close();
});

test("bigints survive, nested and at the top; other objects are left alone", () => {
  const value = { a: 1n, b: [2n, { c: -3n }], d: { $bigint: 4, other: true }, e: null };
  expect(parseState(stringifyState(value))).toEqual(value);
  expect(parseState(stringifyState(2n ** 256n - 1n))).toBe(2n ** 256n - 1n);
});

test("a directory written by another version of the tables is refused, not misread", async () => {
  const dir = freshDir();
  (await openStateDatabase({ dir })).close();
  const raw = new DatabaseSync(join(dir, "devnet.sqlite"));
  raw.prepare("UPDATE meta SET value = '99' WHERE key = 'schemaVersion'").run();
  raw.close();
  await expect(openStateDatabase({ dir })).rejects.toThrow(/has version 99; this devnet reads version 1/);
});

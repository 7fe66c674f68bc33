import type { Hex } from "viem";
import { expect, test } from "vitest";
import { canTransition } from "./canTransition.js";
import { createRequestStore } from "./createRequestStore.js";
import { type DevnetStatus, transitions } from "./transitions.js";
import type { DevnetRequest } from "./types.js";

const id = `0x${"11".repeat(32)}` as Hex;
const request = (status: DevnetStatus): DevnetRequest => ({
  requestId: id,
  status,
  apiKey: undefined,
  referrer: null,
  originChainId: 1,
  destinationChainId: 2,
  user: "0x0000000000000000000000000000000000000001",
  recipient: "0x0000000000000000000000000000000000000001",
  refundTo: "0x0000000000000000000000000000000000000001",
  originCurrency: "0x0000000000000000000000000000000000000000",
  destinationCurrency: "0x0000000000000000000000000000000000000000",
  amountIn: 1n,
  amountOut: 1n,
  txs: [],
  createdAt: 0,
  expiresAt: null,
  inTxHashes: [],
  txHashes: [],
  updatedAt: 0,
  failReason: "N/A",
  refundFailReason: "N/A",
  details: null,
  deposit: undefined,
});

test("default: the happy path, each change reported once", () => {
  const seen: [DevnetStatus | null, DevnetStatus][] = [];
  let clock = 100;
  const store = createRequestStore({
    onTransition: (r, from) => seen.push([from, r.status]),
    log: () => {},
    now: () => clock,
  });
  expect(store.create(request("waiting"))).toBe(true);
  expect(seen).toEqual([]);
  expect(store.transition(id, "pending", { inTxHashes: ["0xaa"] })).toBe(true);
  clock = 50; // A clock going back never makes updatedAt go back.
  expect(store.transition(id, "submitted")).toBe(true);
  expect(store.transition(id, "success")).toBe(true);
  expect(seen).toEqual([
    ["waiting", "pending"],
    ["pending", "submitted"],
    ["submitted", "success"],
  ]);
  expect(store.get(id)).toMatchObject({ status: "success", inTxHashes: ["0xaa"], updatedAt: 100 });
  // Ids are case-insensitive.
  expect(store.get(id.toUpperCase().replace("0X", "0x") as Hex)?.status).toBe("success");
});

test("every transition outside the table is refused, logged and changes nothing", () => {
  const statuses = Object.keys(transitions) as DevnetStatus[];
  for (const from of statuses)
    for (const to of statuses) {
      const log: string[] = [];
      const store = createRequestStore({ onTransition: () => {}, log: (line) => log.push(line) });
      const started = request(from);
      // Requests are created in an initial status, then forced to `from` for the check.
      store.create({ ...started, status: "waiting" });
      Object.assign(store.get(id) as DevnetRequest, { status: from });
      const allowed = canTransition({ from, to });
      expect(store.transition(id, to, { failReason: "X" })).toBe(allowed);
      expect(store.get(id)?.status).toBe(allowed ? to : from);
      expect(store.get(id)?.failReason).toBe(allowed ? "X" : "N/A");
      expect(log.length).toBe(allowed ? 0 : 1);
    }
  expect(canTransition({ from: "success", to: "refund" })).toBe(false);
  expect(canTransition({ from: "failure", to: "refund" })).toBe(true);
});

test("creation: only in waiting or pending, never twice; pending is reported", () => {
  const seen: string[] = [];
  const log: string[] = [];
  const store = createRequestStore({
    onTransition: (r) => seen.push(r.status),
    log: (line) => log.push(line),
  });
  expect(store.create(request("success"))).toBe(false);
  expect(log).toEqual([`refused: request ${id} cannot start in "success"`]);
  expect(store.create(request("pending"))).toBe(true);
  expect(store.create(request("pending"))).toBe(false);
  expect(seen).toEqual(["pending"]);
  expect(store.transition(`0x${"22".repeat(32)}`, "pending")).toBe(false);
  expect(store.size()).toBe(1);
});

test("records are replaced, never changed in place: an earlier read is a snapshot", () => {
  const store = createRequestStore({ onTransition: () => {}, log: () => {} });
  const given = request("waiting");
  store.create(given);
  const before = store.get(id);
  expect(before).not.toBe(given);
  store.transition(id, "pending", { inTxHashes: ["0xaa"] });
  store.update(id, { failReason: "X" });
  expect(before?.status).toBe("waiting");
  expect(given.status).toBe("waiting");
  expect(store.get(id)).toMatchObject({ status: "pending", inTxHashes: ["0xaa"], failReason: "X" });
});

test("a deposit id finds its request by request id or by the quote's order id, never another's", () => {
  const log: string[] = [];
  const store = createRequestStore({ onTransition: () => {}, log: (line) => log.push(line) });
  const orderId = `0x${"0d".repeat(32)}` as Hex;
  const otherId = `0x${"22".repeat(32)}` as Hex;
  expect(store.findByDepositId(id)).toBeUndefined();
  store.create({ ...request("waiting"), orderId });
  expect(store.findByDepositId(id)?.requestId).toBe(id);
  expect(store.findByDepositId(orderId)?.requestId).toBe(id);
  expect(store.findByDepositId(orderId.toUpperCase().replace("0X", "0x") as Hex)?.requestId).toBe(id);
  // The order id is no request id: the status and attestation endpoints do not answer for it.
  expect(store.get(orderId)).toBeUndefined();
  // After a change the order id finds the new record.
  store.transition(id, "pending");
  expect(store.findByDepositId(orderId)?.status).toBe("pending");
  // A second request claiming the same order id is refused.
  expect(store.create({ ...request("waiting"), requestId: otherId, orderId })).toBe(false);
  expect(log).toEqual([`refused: order ${orderId} already belongs to another request`]);
  expect(store.findByDepositId(otherId)).toBeUndefined();
  // A request without an order id is found by its request id only.
  store.create({ ...request("waiting"), requestId: otherId });
  expect(store.findByDepositId(otherId)?.requestId).toBe(otherId);
  expect(store.findByDepositId(`0x${"33".repeat(32)}`)).toBeUndefined();
});

test("importHistory: past requests as they ended, stored in one write, with no event; a taken id is left out", () => {
  const seen: DevnetStatus[] = [];
  const persisted: string[] = [];
  let transactions = 0;
  const store = createRequestStore({
    onTransition: (r) => seen.push(r.status),
    log: () => {},
    persist: (r) => persisted.push(r.requestId),
    atomically: (write) => {
      transactions++;
      return write();
    },
  });
  expect(store.create(request("waiting"))).toBe(true);
  const other = `0x${"22".repeat(32)}` as Hex;
  const added = store.importHistory([
    { ...request("success"), requestId: other },
    // The id of a request the store has: left as it is.
    request("success"),
  ]);
  expect(added).toBe(1);
  expect(store.get(other)?.status).toBe("success");
  expect(store.get(id)?.status).toBe("waiting");
  expect(seen).toEqual([]);
  expect(persisted).toEqual([id, other]);
  // One for the create, one for the whole import.
  expect(transactions).toBe(2);
  expect(store.size()).toBe(2);
});

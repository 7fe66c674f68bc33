import { expect, test } from "vitest";
import {
  finalStatuses,
  isFinalStatus,
  isItemDoneStatus,
  itemDoneStatuses,
  requestStatuses,
  statusSchema,
} from "./statuses.js";

test("default: success, refund and fallback are final; failure is not", () => {
  expect([...finalStatuses]).toEqual(["success", "refund", "fallback"]);
  for (const status of requestStatuses)
    expect(isFinalStatus(status), status).toBe(finalStatuses.includes(status as never));
  expect(isFinalStatus("failure")).toBe(false);
  expect(isFinalStatus("settling")).toBe(false);
});

test("an item is done once the service holds its deposit: depositing, pending, submitted, success", () => {
  expect([...itemDoneStatuses]).toEqual(["depositing", "pending", "submitted", "success"]);
  for (const status of ["waiting", "failure", "refund", "fallback", "delayed", "unknown"])
    expect(isItemDoneStatus(status), status).toBe(false);
  for (const status of itemDoneStatuses) expect(isItemDoneStatus(status), status).toBe(true);
});

test("every set holds known statuses only; success is the one status in both", () => {
  for (const status of [...finalStatuses, ...itemDoneStatuses]) expect(requestStatuses).toContain(status);
  expect(finalStatuses.filter((status) => isItemDoneStatus(status))).toEqual(["success"]);
});

test("the status object keeps an unknown status and unknown fields", () => {
  const parsed = statusSchema.parse({ status: "settling", failReason: null, extra: 1 });
  expect(parsed).toEqual({ status: "settling", failReason: null, extra: 1 });
  expect(statusSchema.safeParse({ inTxHashes: [] }).success).toBe(false);
});

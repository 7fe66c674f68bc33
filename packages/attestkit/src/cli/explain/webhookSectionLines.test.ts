import { expect, test } from "vitest";
import type { ExplainReport } from "../../explain/types.js";
import { webhookSectionLines } from "./webhookSectionLines.js";

const report = (webhooks: ExplainReport["webhooks"]) => ({ webhooks }) as ExplainReport;

test("default: each delivery's event id apart from its state, in aligned columns", () => {
  expect(
    webhookSectionLines(
      report([
        {
          id: "evt_0123456789abcdef0123456789abcdef",
          requestId: "0x1",
          url: "http://127.0.0.1:1/hook",
          state: "delivered",
          attempts: 1,
          lastResult: "200",
        },
        {
          id: "evt_2",
          requestId: "0x1",
          url: "http://127.0.0.1:1/hook",
          state: "failed",
          attempts: 3,
          lastResult: undefined,
        },
      ]),
    ),
  ).toEqual([
    "",
    "webhook deliveries",
    "  evt_0123456789abcdef0123456789abcdef  delivered  after 1 attempt   (200)",
    "  evt_2                                 failed     after 3 attempts  (-)",
  ]);
});

test("none, and nothing without a devnet", () => {
  expect(webhookSectionLines(report([]))).toEqual(["", "webhook deliveries", "  (none)"]);
  expect(webhookSectionLines(report(null))).toEqual([]);
});

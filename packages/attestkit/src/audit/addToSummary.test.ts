import { expect, test } from "vitest";
import { addToSummary } from "./addToSummary.js";
import { summarizeAuditResults } from "./summarizeAuditResults.js";
import type { AuditEntryResult, AuditSummary } from "./types.js";

test("default: batches add up to what summarizeAuditResults counts over all results", () => {
  const error = { name: "InvalidAmountError", field: "originAmount", message: "bad" };
  const results: AuditEntryResult[] = [
    { valid: true, signer: "0x0000000000000000000000000000000000000001", hash: "0x", digest: "0x" },
    { valid: false, signer: null, reason: "high-s", hash: "0x", digest: "0x" },
    { valid: false, signer: null, error },
    { valid: false, signer: null, reason: "high-s", hash: "0x", digest: "0x" },
    {
      valid: false,
      signer: "0x0000000000000000000000000000000000000002",
      reason: "signer-not-allowed",
      hash: "0x",
      digest: "0x",
    },
  ];
  const summary: AuditSummary = { total: 0, valid: 0, invalid: 0, malformed: 0, reasons: {}, errors: {} };
  addToSummary(summary, 2, [{ index: 1, reason: "high-s" }]);
  addToSummary(summary, 3, [
    { index: 0, error },
    { index: 1, reason: "high-s" },
    { index: 2, reason: "signer-not-allowed" },
  ]);
  addToSummary(summary, 0, []);
  expect(summary).toEqual(summarizeAuditResults(results));
  expect(summary).toEqual({
    total: 5,
    valid: 1,
    invalid: 3,
    malformed: 1,
    reasons: { "high-s": 2, "signer-not-allowed": 1 },
    errors: { InvalidAmountError: 1 },
  });
});

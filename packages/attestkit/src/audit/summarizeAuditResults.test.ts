import { expect, test } from "vitest";
import { summarizeAuditResults } from "./summarizeAuditResults.js";
import type { AuditEntryResult } from "./types.js";

const hash = `0x${"11".repeat(32)}` as const;
const digest = `0x${"22".repeat(32)}` as const;
const signer = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

test("default: valid, invalid by reason, malformed by error name", () => {
  const results: AuditEntryResult[] = [
    { valid: true, signer, hash, digest },
    { valid: true, signer, hash, digest },
    { valid: false, signer, reason: "signer-not-allowed", hash, digest },
    { valid: false, signer: null, reason: "high-s", hash, digest },
    { valid: false, signer: null, reason: "high-s", hash, digest },
    {
      valid: false,
      signer: null,
      error: { name: "InvalidAmountError", field: "originAmount", message: "m" },
    },
    { valid: false, signer: null, error: { name: "InvalidAuditEntryError", message: "m" } },
  ];
  expect(summarizeAuditResults(results)).toEqual({
    total: 7,
    valid: 2,
    invalid: 3,
    malformed: 2,
    reasons: { "signer-not-allowed": 1, "high-s": 2 },
    errors: { InvalidAmountError: 1, InvalidAuditEntryError: 1 },
  });
});

test("no results", () => {
  expect(summarizeAuditResults([])).toEqual({
    total: 0,
    valid: 0,
    invalid: 0,
    malformed: 0,
    reasons: {},
    errors: {},
  });
});

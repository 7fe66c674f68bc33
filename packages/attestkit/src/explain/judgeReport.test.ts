import { expect, test } from "vitest";
import type { AttestationPart } from "./explainAttestations.js";
import type { DepositPart } from "./explainDeposit.js";
import type { OrderPart } from "./explainOrder.js";
import { judgeReport } from "./judgeReport.js";

const part = (fields: Partial<AttestationPart>): AttestationPart => ({
  available: true,
  valid: true,
  requestData: null,
  signature: null,
  signer: null,
  words: [],
  encoded: null,
  hash: null,
  digest: null,
  ...fields,
});
const deposit: DepositPart = { chainId: 1, txHash: null, fetched: true, found: true, decoded: null };
const order = (valid: boolean) => ({ verification: { valid } }) as OrderPart;
const noAttestation = part({
  available: false,
  valid: false,
  unjudged: { part: "attestation v2", reason: "no-attestation", message: "none" },
});
const judge = (fields: Partial<Parameters<typeof judgeReport>[0]>) =>
  judgeReport({
    attestation: { valid: true, solvers: [], v1: part({}), v2: part({}) },
    order: order(true),
    deposit,
    fills: [],
    mismatches: [],
    ...fields,
  });

test("every part judged and nothing disagrees: consistent", () => {
  expect(judge({})).toEqual({ outcome: "consistent", incomplete: [] });
});

test("a part not judged: incomplete, each part listed", () => {
  const rpc = {
    part: "deposit",
    reason: "rpc-failed" as const,
    message: "down",
    chainId: 1,
    url: "http://x/",
  };
  const result = judge({
    attestation: { valid: true, solvers: [], v1: part({}), v2: noAttestation },
    deposit: { ...deposit, unjudged: rpc },
  });
  expect(result).toEqual({ outcome: "incomplete", incomplete: [noAttestation.unjudged, rpc] });
});

test.each([
  ["a mismatch", { mismatches: [{ field: "depositor", against: "a", expected: "1", actual: "2" }] }],
  [
    "a signature that does not verify",
    { attestation: { valid: false, solvers: [], v1: part({ valid: false }), v2: part({}) } },
  ],
  ["an order that does not verify", { order: order(false) }],
])("%s: inconsistent, even beside a part not judged", (_name, fields) => {
  const result = judge({
    ...fields,
    deposit: { ...deposit, unjudged: { part: "deposit", reason: "not-evm", message: "m" } },
  });
  expect(result.outcome).toBe("inconsistent");
});

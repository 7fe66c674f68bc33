import type { Address, Hex } from "viem";
import { describe, expect, test } from "vitest";
import { quotedRequest as quoted } from "../../../../test/support/devnetRequests.js";
import type { Deposit, DevnetRequest, SentPayment } from "../state/types.js";
import { planResume, type ResumeAction, type ResumeFacts } from "./planResume.js";

const hash = (byte: string) => `0x${byte.repeat(32)}` as Hex;
const deposit: Deposit = {
  chainId: 31337,
  txHash: hash("d0"),
  logIndex: 0,
  blockNumber: 5n,
  from: "0x000000000000000000000000000000000000a5E1" as Address,
  currency: "0x0000000000000000000000000000000000000000" as Address,
  amount: 100n,
  id: hash("11"),
};
const fill = (index: number, txHash: Hex): SentPayment => ({
  purpose: "fill",
  chainId: 31338,
  index,
  txHash,
});
const refund = (txHash: Hex, failReason = "TTL_EXPIRED"): SentPayment => ({
  purpose: "refund",
  chainId: 31337,
  txHash,
  failReason,
});

/** A request that took its deposit (`pending`, a fill decided), as this devnet stores it; `patch` changes any field. */
const taken = (patch: Partial<DevnetRequest> = {}): DevnetRequest =>
  quoted({
    status: "pending",
    deposit,
    inTxHashes: [deposit.txHash],
    decision: { type: "fill", excess: 0n },
    ...patch,
  });

/** What the chains say: nothing mined, EVM chains on both sides, a one-transaction fill; `patch` changes any field. */
const facts = (patch: Partial<ResumeFacts> & { mined?: Record<Hex, "success" | "reverted"> } = {}) => {
  const { mined = {}, ...rest } = patch;
  return {
    decision: { type: "fill", excess: 0n },
    outcomes: new Map(Object.entries(mined).map(([txHash, status]) => [txHash.toLowerCase(), status])),
    externalOrigin: false,
    externalDestination: false,
    boundOnOrigin: undefined,
    boundOnDestination: undefined,
    fillLength: 1,
    fallbackLength: 1,
    fillLogs: [],
    sponsored: true,
    ...rest,
  } satisfies ResumeFacts;
};

describe("planResume", () => {
  const rows: [string, DevnetRequest, ResumeFacts, ResumeAction][] = [
    ["a quote without a deposit: nothing (the indexer takes a deposit)", quoted(), facts(), { type: "none" }],
    ["a final refund: nothing", taken({ status: "refund" }), facts(), { type: "none" }],
    [
      "killed after the deposit was taken, before anything was sent: the fill, as decided",
      taken(),
      facts(),
      { type: "settle", decision: { type: "fill", excess: 0n } },
    ],
    [
      "a deposit decided a refund: the refund, as decided",
      taken({ decision: { type: "refund", failReason: "TTL_EXPIRED" } }),
      facts({ decision: { type: "refund", failReason: "TTL_EXPIRED" } }),
      { type: "settle", decision: { type: "refund", failReason: "TTL_EXPIRED" } },
    ],
    [
      "an exact deposit whose request got details from a second deposit: filled, not left",
      taken({ details: { duplicateDeposits: [hash("22")] } }),
      facts(),
      { type: "settle", decision: { type: "fill", excess: 0n } },
    ],
    [
      "a fill signed and written, killed before its broadcast (not on chain): sent again",
      taken({ sent: [fill(0, hash("f0"))] }),
      facts(),
      { type: "settle", decision: { type: "fill", excess: 0n } },
    ],
    [
      "a fill mined, killed before its status: recorded",
      taken({ sent: [fill(0, hash("f0"))] }),
      facts({ mined: { [hash("f0")]: "success" } }),
      { type: "recordFill", route: "fill", txHashes: [hash("f0")] },
    ],
    [
      "submitted, its fill mined: recorded",
      taken({ status: "submitted", txHashes: [hash("f0")], sent: [fill(0, hash("f0"))] }),
      facts({ mined: { [hash("f0")]: "success" } }),
      { type: "recordFill", route: "fill", txHashes: [hash("f0")] },
    ],
    [
      "a fill that reverted on chain: failure, then the refund",
      taken({ status: "submitted", txHashes: [hash("f0")], sent: [fill(0, hash("f0"))] }),
      facts({ mined: { [hash("f0")]: "reverted" } }),
      { type: "fillReverted", route: "fill", index: 0, txHash: hash("f0") },
    ],
    [
      "a fill of three, two mined: the third is sent",
      taken({
        status: "submitted",
        txHashes: [hash("f0"), hash("f1")],
        sent: [fill(0, hash("f0")), fill(1, hash("f1"))],
      }),
      facts({ fillLength: 3, mined: { [hash("f0")]: "success", [hash("f1")]: "success" } }),
      { type: "continueFill", route: "fill", mined: [hash("f0"), hash("f1")] },
    ],
    [
      "a transaction sent again after a restart: the one on chain counts",
      taken({ sent: [fill(0, hash("f0")), fill(0, hash("f9"))] }),
      facts({ mined: { [hash("f9")]: "success" } }),
      { type: "recordFill", route: "fill", txHashes: [hash("f9")] },
    ],
    [
      "the fallback route mined: recorded as fallback",
      taken({ sent: [{ purpose: "fallback", chainId: 31338, index: 0, txHash: hash("fb") }] }),
      facts({ mined: { [hash("fb")]: "success" } }),
      { type: "recordFill", route: "fallback", txHashes: [hash("fb")] },
    ],
    [
      "a refund mined while pending, killed before its status: recorded, with its reason",
      taken({ sent: [refund(hash("r0"))] }),
      facts({ mined: { [hash("r0")]: "success" } }),
      { type: "recordRefund", txHash: hash("r0"), failReason: "TTL_EXPIRED" },
    ],
    [
      "a refund written, not on chain: sent",
      taken({ sent: [refund(hash("r0"), "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL")] }),
      facts(),
      { type: "refund", failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL" },
    ],
    [
      "a refund that reverted: failure, refundFailReason UNKNOWN",
      taken({ sent: [refund(hash("r0"))] }),
      facts({ mined: { [hash("r0")]: "reverted" } }),
      { type: "refundReverted", failReason: "TTL_EXPIRED" },
    ],
    [
      "a failure whose refund is still to come: the refund, with the failure's reason",
      taken({ status: "failure", failReason: "UNKNOWN", sent: [fill(0, hash("f0"))] }),
      facts({ mined: { [hash("f0")]: "reverted" } }),
      { type: "refund", failReason: "UNKNOWN" },
    ],
    [
      "a failure whose refund is mined: recorded",
      taken({ status: "failure", failReason: "UNKNOWN", sent: [refund(hash("r0"), "UNKNOWN")] }),
      facts({ mined: { [hash("r0")]: "success" } }),
      { type: "recordRefund", txHash: hash("r0"), failReason: "UNKNOWN" },
    ],
    [
      "a final failure (the refund could not be made): nothing",
      taken({ status: "failure", refundFailReason: "AMOUNT_TOO_LOW_TO_REFUND" }),
      facts(),
      { type: "none" },
    ],
    [
      "a success whose excess did not go back: sent",
      taken({ status: "success", decision: { type: "fill", excess: 7n }, sent: [fill(0, hash("f0"))] }),
      facts({ decision: { type: "fill", excess: 7n } }),
      { type: "refundExcess", excess: 7n },
    ],
    [
      "a success whose excess is mined: recorded",
      taken({
        status: "success",
        decision: { type: "fill", excess: 7n },
        sent: [fill(0, hash("f0")), { purpose: "excess", chainId: 31337, txHash: hash("e0") }],
      }),
      facts({ decision: { type: "fill", excess: 7n }, mined: { [hash("e0")]: "success" } }),
      { type: "recordExcess", txHash: hash("e0"), excess: 7n },
    ],
    [
      "a success whose excess is recorded: nothing",
      taken({
        status: "success",
        decision: { type: "fill", excess: 7n },
        details: { excessRefund: { chainId: 31337, txHash: hash("e0"), amount: "7" } },
      }),
      facts({ decision: { type: "fill", excess: 7n } }),
      { type: "none" },
    ],
    [
      "a sponsored success without the sponsor's payment: sent",
      taken({ status: "success", subsidized: 3n, sent: [] }),
      facts(),
      { type: "sponsor" },
    ],
    [
      "a payout to Bitcoin or the exchange bound to the request, no status says so: submitted with it",
      taken(),
      facts({ externalDestination: true, boundOnDestination: "ab".repeat(32) }),
      { type: "recordPayout", txHash: "ab".repeat(32) },
    ],
    [
      "a submitted payout to Bitcoin: followed until final",
      taken({ status: "submitted", txHashes: [hash("ab")] }),
      facts({ externalDestination: true, boundOnDestination: hash("ab") }),
      { type: "followPayout", txHash: hash("ab") },
    ],
    [
      "a refund bound to the request on its Bitcoin origin while pending: recorded",
      taken({ decision: { type: "refund", failReason: "TTL_EXPIRED" } }),
      facts({
        decision: { type: "refund", failReason: "TTL_EXPIRED" },
        externalOrigin: true,
        boundOnOrigin: "cd".repeat(32),
      }),
      { type: "recordRefund", txHash: "cd".repeat(32), failReason: "TTL_EXPIRED" },
    ],
    [
      "a deposit taken by this devnet on a request quoted by an older one (no sent): filled, not left",
      taken({ sent: undefined, details: { duplicateDeposits: [hash("22")] } }),
      facts(),
      { type: "settle", decision: { type: "fill", excess: 0n } },
    ],
    [
      "an older record (no decision, no sent) with its DevnetFill on chain: recorded",
      taken({ decision: undefined, sent: undefined }),
      facts({ fillLogs: [hash("f0")] }),
      { type: "recordFill", route: "fill", txHashes: [hash("f0")] },
    ],
    [
      "an older record with details and nothing on chain: left (its refund cannot be told)",
      taken({ decision: undefined, sent: undefined, details: { reason: "a note" } }),
      facts(),
      { type: "leave", why: "its refund or destination calls may have been sent" },
    ],
    [
      "an older failure on an EVM origin: left (its refund cannot be told)",
      taken({ decision: undefined, sent: undefined, status: "failure" }),
      facts(),
      { type: "leave", why: "its refund may have been sent" },
    ],
  ];
  test.each(rows)("%s", (_, request, chainFacts, action) => {
    expect(planResume(request, chainFacts)).toEqual(action);
  });
});

import type { Hex } from "viem";
import type { StatusResponse } from "../../schemas/index.js";
import type { describeReason } from "../describeReason.js";
import type { Io } from "../io.js";
import { plural } from "../plural.js";
import type { DevnetView } from "../readDevnet.js";
import { statusStyle } from "../statusStyle.js";
import { styled, type TextStyle } from "../styledText.js";
import type { explainAttestations } from "./explainAttestations.js";
import { type DepositPart, zeroAddress } from "./explainDeposit.js";
import type { explainFills } from "./explainFills.js";
import type { explainOrder } from "./explainOrder.js";
import type { RequestRecord } from "./readRequestV3.js";

/** One disagreement between what the chain shows and what was signed or ordered. */
export type Mismatch = { field: string; against: string; expected: string; actual: string };

/** What `explain --json` prints. */
export type ExplainReport = {
  requestId: Hex;
  api: string;
  devnet: boolean;
  sources: {
    status: string;
    attestation: string;
    request: string | null;
    requestV3: string | null;
    note: string;
  };
  /** The request as `GET /requests/v3` lists it (with an API key), or null. */
  requestV3: RequestRecord | null;
  status: StatusResponse;
  history: { status: string; at: number }[] | null;
  reason: ReturnType<typeof describeReason>;
  request: Omit<NonNullable<DevnetView["request"]>, "protocol" | "webhooks" | "history" | "verdicts"> | null;
  order: Awaited<ReturnType<typeof explainOrder>>;
  attestation: Awaited<ReturnType<typeof explainAttestations>>;
  deposit: DepositPart;
  fills: Awaited<ReturnType<typeof explainFills>>;
  webhooks: NonNullable<DevnetView["request"]>["webhooks"] | null;
  mismatches: Mismatch[];
  consistent: boolean;
};

/** Prints the report as labelled sections, mismatches marked `!!`. */
export function printExplainReport(io: Io, report: ExplainReport): void {
  const line = (label: string, value: unknown) => io.out(`  ${label.padEnd(22)}${String(value)}`);
  // A value whose first word is styled: a status, ok / FAILED, VALID / INVALID.
  const styledLine = (label: string, value: string, style: TextStyle | undefined, rest = "") =>
    io.out([`  ${label.padEnd(22)}`, styled(value, style), rest]);
  const verdict = (valid: boolean, reason: unknown) =>
    valid ? styledLine("verdict", "VALID", "good") : styledLine("verdict", "INVALID", "bad", ` (${reason})`);
  const heading = (text: string) => {
    io.out("");
    io.out(text);
  };
  const time = (ms: number) => new Date(ms).toISOString();
  const { status } = report;
  io.out(`request ${report.requestId}`);
  styledLine("status", String(status.status), statusStyle(status.status));
  line("updated", status.updatedAt != null ? time(Number(status.updatedAt)) : "-");
  line("origin -> destination", `${status.originChainId ?? "?"} -> ${status.destinationChainId ?? "?"}`);
  if (report.history) {
    heading("history");
    for (const entry of report.history)
      io.out([
        "  ",
        styled(entry.status, statusStyle(entry.status)),
        `${" ".repeat(Math.max(0, 22 - entry.status.length))}${time(entry.at)}`,
      ]);
  }
  if (report.reason.failReason || report.reason.refundFailReason || report.reason.failReasonText) {
    heading("why");
    if (report.reason.failReasonText) {
      io.out(`  ${report.reason.failReason ?? "failure"}`);
      io.out(`    ${report.reason.failReasonText}`);
    }
    if (report.reason.refundFailReason) {
      io.out(`  refund: ${report.reason.refundFailReason}`);
      io.out(`    ${report.reason.refundFailReasonText}`);
    }
  }
  if (report.request) {
    heading("request (as the devnet keeps it)");
    const r = report.request;
    line("user", r.user);
    line("recipient", r.recipient);
    line("refund to", r.refundTo);
    line("in", `${r.amountIn} ${r.originCurrency} on ${r.originChainId}`);
    line("out", `${r.amountOut} ${r.destinationCurrency} on ${r.destinationChainId}`);
    if (r.expiresAt) line("deadline", time(r.expiresAt));
  }
  if (report.requestV3) {
    heading("request (GET /requests/v3)");
    const r = report.requestV3;
    line("user", r.user ?? "-");
    line("recipient", r.recipient ?? "-");
    line("refund to", r.refundTo ?? "-");
    line("created", r.createdAt ?? "-");
    line("updated", r.updatedAt ?? "-");
    line("order id", r.protocol?.orderId ?? "-");
    line("solver", r.protocol?.solver?.address ?? "-");
  }
  heading("order");
  if (!report.order) io.out(`  (none: ${report.sources.note})`);
  else {
    line("orderId", report.order.orderId);
    line("recomputed", report.order.verification.recomputedOrderId);
    for (const check of report.order.verification.checks)
      if (check.ok) styledLine(check.name, "ok", "good");
      else styledLine(check.name, "FAILED", "bad", ` (${check.reason ?? ""})`);
    line("recovered signer", report.order.verification.signer ?? "(none)");
    verdict(report.order.verification.valid, report.order.verification.reason);
  }
  for (const version of ["v1", "v2"] as const) {
    const part = report.attestation[version];
    heading(`attestation ${version}`);
    if (!part.available) {
      io.out(`  (${part.error})`);
      continue;
    }
    for (const { name, word } of part.words) {
      const given = name === "requestId" ? report.requestId : part.requestData?.[name];
      line(name, String(given));
      line("", `-> ${word}`);
    }
    line("hash", part.hash);
    line("digest", part.digest);
    line("signer", part.signer ?? "(none)");
    line("expected", report.attestation.solvers.join(", "));
    verdict(part.valid, part.reason);
  }
  heading("deposit");
  const { deposit } = report;
  line("transaction", deposit.txHash ?? "(none)");
  if (deposit.note) line("note", deposit.note);
  if (deposit.decoded) {
    line("event", deposit.decoded.event + (deposit.decoded.viaReceiver ? " (through the receiver)" : ""));
    line("id", deposit.decoded.id);
    line("amount", deposit.decoded.amount);
    line(
      "currency",
      deposit.decoded.currency === zeroAddress ? `${zeroAddress} (native)` : deposit.decoded.currency,
    );
    line("depositor", deposit.decoded.depositor);
  }
  for (const m of report.mismatches.filter((m) => m.field.startsWith("deposit")))
    io.out(`  !! ${m.field} ${m.actual}, but ${m.against} is ${m.expected}`);
  heading("fill and refund transactions");
  if (report.fills.length === 0) io.out("  (none)");
  for (const fill of report.fills) {
    line(fill.kind, `${fill.txHash} on ${fill.chainId ?? "?"} ${fill.status ?? ""}`.trimEnd());
    if (fill.note) line("", fill.note);
    for (const event of fill.events) line("", `${event.name} ${JSON.stringify(event.args)}`);
  }
  if (report.webhooks) {
    heading("webhook deliveries");
    if (report.webhooks.length === 0) io.out("  (none)");
    for (const w of report.webhooks)
      line(w.id, `${w.state} after ${plural(w.attempts, "attempt")} (${w.lastResult ?? "-"})`);
  }
  heading("verdict");
  for (const m of report.mismatches)
    io.out(`  !! MISMATCH ${m.field}: ${m.actual} on chain, ${m.expected} in ${m.against}`);
  io.out(
    report.consistent
      ? ["  ", styled("CONSISTENT", "good")]
      : ["  ", styled("INCONSISTENT", "bad"), " (see the verdicts and mismatches above)"],
  );
}

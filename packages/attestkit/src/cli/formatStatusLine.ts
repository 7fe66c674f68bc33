import { describeReason } from "../schemas/describeReason.js";
import type { StatusResponse } from "../schemas/index.js";
import { statusStyle } from "./statusStyle.js";
import { type Line, styled } from "./styledText.js";

/**
 * One line of a status watch: the time, the status (styled by `statusStyle`), the hashes so far and
 * any failure reason, with what it means (`describeReason`: the shared vocabulary of fail reasons).
 */
export function formatStatusLine(status: StatusResponse): Line {
  const time = new Date(typeof status.updatedAt === "number" ? status.updatedAt : Date.now())
    .toISOString()
    .slice(11, 23);
  const hashes = (list: string[] | null | undefined) => (list?.length ? list.join(",") : "-");
  const { failReason, failReasonText, refundFailReason, refundFailReasonText } = describeReason(status);
  const reason =
    (failReason ? `  reason ${failReason}: ${failReasonText}` : "") +
    (refundFailReason ? `  refund failed ${refundFailReason}: ${refundFailReasonText}` : "");
  const name = String(status.status);
  return [
    `${time}  `,
    styled(name, statusStyle(status.status)),
    `${" ".repeat(Math.max(0, 10 - name.length))}  in ${hashes(status.inTxHashes)}  out ${hashes(status.txHashes)}${reason}`,
  ];
}

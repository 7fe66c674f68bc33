import type { StatusResponse } from "../schemas/index.js";

/** One line of a status watch: the time, the status, the hashes so far and any failure reason. */
export function formatStatusLine(status: StatusResponse): string {
  const time = new Date(typeof status.updatedAt === "number" ? status.updatedAt : Date.now())
    .toISOString()
    .slice(11, 23);
  const hashes = (list: string[] | null | undefined) => (list?.length ? list.join(",") : "-");
  const reason = status.failReason && status.failReason !== "N/A" ? `  reason ${status.failReason}` : "";
  return `${time}  ${String(status.status).padEnd(10)}  in ${hashes(status.inTxHashes)}  out ${hashes(status.txHashes)}${reason}`;
}

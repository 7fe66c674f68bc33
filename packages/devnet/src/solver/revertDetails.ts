import type { Address, Hex } from "viem";

/**
 * Describes a call that reverted, for `details.revert`: its index among the fill's transactions, its
 * target, the first line of the error and the revert data the chain's error carries, if any.
 *
 * @param parameters - The call's index and target, and the error.
 * @returns `{ index, to, message, data? }`.
 * @example
 * revertDetails({ index: 0, to, error }) // { index: 0, to, message: "execution reverted", data: "0x08c379a0..." }
 */
export function revertDetails({
  index,
  to,
  error,
}: {
  index: number;
  to: Address | undefined;
  error: unknown;
}) {
  const data = findRevertData(error);
  return {
    index,
    to,
    message: error instanceof Error ? error.message.split("\n")[0] : String(error),
    ...(data ? { data } : {}),
  };
}

/** The revert data a JSON-RPC error carries (`data`, or `data.data`), if any. */
function findRevertData(error: unknown): Hex | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x")) return data as Hex;
    if (data && typeof data === "object" && typeof (data as { data?: unknown }).data === "string")
      return (data as { data: Hex }).data;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

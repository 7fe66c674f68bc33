import type { UnjudgedPart } from "../../explain/types.js";

/**
 * What an `explain` user can type about a part that was not judged: the `--rpc` flag for an EVM
 * chain with no URL or a failing one; nothing for a chain of another VM (no EVM RPC reads it) or an
 * encoding the interface does not publish (no flag supplies one).
 *
 * @param part - The part not judged. {@link UnjudgedPart}
 * @returns The advice, or an empty string.
 * @example
 * unjudgedAdvice({ part: "deposit", reason: "no-rpc-url", message: "no RPC URL for chain 1", chainId: 1 }) // "pass --rpc 1=URL"
 */
export function unjudgedAdvice(part: UnjudgedPart): string {
  switch (part.reason) {
    case "no-rpc-url":
      return `pass --rpc ${part.chainId}=URL`;
    case "rpc-failed":
      return `check that URL, or pass another with --rpc ${part.chainId}=URL`;
    case "no-attestation":
    case "no-deposit-yet":
      return "run explain again once the request has moved on";
    default:
      return "";
  }
}

import { hex } from "@scure/base";
import { NETWORK, p2tr } from "@scure/btc-signer";

/**
 * Whether an x-only key, tweaked with no script tree (BIP86), gives this P2TR output script.
 *
 * @param internalKey - The key, 64 hex digits (any case); anything else answers false.
 * @param script - A P2TR output script.
 * @returns True when the key is the output's internal key.
 * @example
 * isInternalKeyOf(wallet.tapInternalKey, p2trScript) // true
 */
export function isInternalKeyOf(internalKey: string, script: Uint8Array): boolean {
  if (typeof internalKey !== "string" || !/^[0-9a-fA-F]{64}$/.test(internalKey)) return false;
  try {
    return (
      hex.encode(p2tr(hex.decode(internalKey.toLowerCase()), undefined, NETWORK).script) ===
      hex.encode(script)
    );
  } catch {
    return false;
  }
}

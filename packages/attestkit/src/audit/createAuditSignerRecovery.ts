import { createNativeRecovery } from "./createNativeRecovery.js";
import { createNobleRecovery } from "./createNobleRecovery.js";
import { NativeSecp256k1UnavailableError } from "./errors.js";
import { loadNativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type { BatchSignerRecovery, ResolvedAuditEngine } from "./types.js";

export type CreateAuditSignerRecoveryParameters = {
  /** `native` (libsecp256k1, one signature at a time) or `noble`. */
  engine: ResolvedAuditEngine;
  /** Noble engine: recover a batch's signatures together, or one at a time. */
  batch: boolean;
  /** Lowercase addresses of the allowed solvers (the noble engine learns their keys). */
  allowed: ReadonlySet<string>;
};

/**
 * The signer recovery of an audit's chosen engine, in batch form: libsecp256k1's
 * `secp256k1_ecdsa_recover` on each signature, or the noble engine (`createNobleRecovery`),
 * batched or one at a time. Every engine gives the signer `ecrecover` would.
 *
 * @param parameters - {@link CreateAuditSignerRecoveryParameters}
 * @returns The batch recovery. {@link BatchSignerRecovery}
 * @throws NativeSecp256k1UnavailableError for engine `native` when the binding does not load.
 * @example
 * const recover = createAuditSignerRecovery({ engine: "noble", batch: true, allowed })
 */
export function createAuditSignerRecovery({
  engine,
  batch,
  allowed,
}: CreateAuditSignerRecoveryParameters): BatchSignerRecovery {
  if (engine === "native") {
    const native = loadNativeSecp256k1();
    if (!native.binding) throw new NativeSecp256k1UnavailableError({ cause: native.error });
    const one = createNativeRecovery({ binding: native.binding });
    return (inputs) => inputs.map(one);
  }
  const noble = createNobleRecovery({ allowed });
  return batch ? noble.batch : (inputs) => inputs.map(noble);
}

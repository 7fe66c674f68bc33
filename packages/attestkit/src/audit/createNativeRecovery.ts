import type { Address } from "viem";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import type { NativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type { SignerRecovery } from "./types.js";

export type CreateNativeRecoveryParameters = {
  /** The libsecp256k1 binding (see `loadNativeSecp256k1`). */
  binding: NativeSecp256k1;
  /** Recovered keys whose address is remembered, most recent first (default 8); a fixed solver set needs few. */
  cacheSize?: number | undefined;
};

/**
 * Builds signer recovery on libsecp256k1's `secp256k1_ecdsa_recover`. The signature rules have
 * already passed, so a throw of the binding means exactly what noble's throw means: `r` is no
 * curve point's x, or the recovered point is at infinity.
 *
 * @param parameters - {@link CreateNativeRecoveryParameters}
 * @returns The recovery function. {@link SignerRecovery}
 * @example
 * const recover = createNativeRecovery({ binding })
 * recover({ digest, rs, r, s, yParity }) // "0xf39F...2266" or null
 */
export function createNativeRecovery({
  binding,
  cacheSize = 8,
}: CreateNativeRecoveryParameters): SignerRecovery {
  // Address derivation is two keccaks; with a fixed solver set the same few keys recur.
  const recent: { key: Buffer; address: Address }[] = [];
  // One buffer for every recovered key: nothing is allocated for a key seen before.
  const key = Buffer.alloc(65);
  return ({ digest, rs, yParity }) => {
    try {
      binding.ecdsaRecover(rs, yParity, digest, false, key);
    } catch {
      return null;
    }
    for (let i = 0; i < recent.length; i++) {
      const entry = recent[i] as (typeof recent)[number];
      if (!entry.key.equals(key)) continue;
      if (i > 0) recent.unshift(...recent.splice(i, 1));
      return entry.address;
    }
    const copy = Buffer.from(key);
    const address = publicKeyToAddress(copy);
    recent.unshift({ key: copy, address });
    if (recent.length > cacheSize) recent.pop();
    return address;
  };
}

import type { Address } from "viem";
import { publicKeyToAddress } from "../attestation/noble/publicKeyToAddress.js";
import type { NativeSecp256k1 } from "./loadNativeSecp256k1.js";
import type { SignerRecovery } from "./types.js";

export type CreateNativeRecoveryParameters = {
  /** The libsecp256k1 binding (see `loadNativeSecp256k1`). */
  binding: NativeSecp256k1;
  /** Recovered keys whose address is remembered (default 256); a fixed solver set needs few. */
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
 * recover({ digest, signature, r, s, yParity }) // "0xf39F...2266" or null
 */
export function createNativeRecovery({
  binding,
  cacheSize = 256,
}: CreateNativeRecoveryParameters): SignerRecovery {
  // Address derivation is two keccaks; with a fixed solver set the same few keys recur.
  const addresses = new Map<string, Address>();
  return ({ digest, signature, yParity }) => {
    let publicKey: Uint8Array;
    try {
      publicKey = binding.ecdsaRecover(Buffer.from(signature.slice(2, 130), "hex"), yParity, digest, false);
    } catch {
      return null;
    }
    const key = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.length).toString("hex");
    let address = addresses.get(key);
    if (address === undefined) {
      address = publicKeyToAddress(publicKey);
      if (addresses.size >= cacheSize) addresses.clear();
      addresses.set(key, address);
    }
    return address;
  };
}

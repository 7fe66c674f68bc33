import { createRequire } from "node:module";

/** The part of the native binding's API the audit uses. */
export type NativeSecp256k1 = {
  /** libsecp256k1's `secp256k1_ecdsa_recover`, into `output` when given; throws when no key recovers. */
  ecdsaRecover: (
    signature: Uint8Array,
    recid: number,
    message: Uint8Array,
    compressed: boolean,
    output?: Uint8Array,
  ) => Uint8Array;
};

export type LoadNativeSecp256k1ReturnType =
  | { binding: NativeSecp256k1 }
  | { binding: undefined; error: unknown };

let loaded: LoadNativeSecp256k1ReturnType | undefined;

/**
 * Loads libsecp256k1 through the optional `secp256k1` package's native part only (never its
 * JavaScript fallback), once per thread.
 *
 * @returns The binding, or why it cannot be loaded. {@link LoadNativeSecp256k1ReturnType}
 * @example
 * const { binding } = loadNativeSecp256k1()
 * if (binding) binding.ecdsaRecover(signature64, 0, digest, false)
 */
export function loadNativeSecp256k1(): LoadNativeSecp256k1ReturnType {
  if (loaded) return loaded;
  try {
    // `secp256k1/bindings` is the compiled addon; the package's main entry would fall back to elliptic.
    const binding = createRequire(import.meta.url)("secp256k1/bindings") as NativeSecp256k1;
    if (typeof binding?.ecdsaRecover !== "function") throw new TypeError("ecdsaRecover is missing");
    loaded = { binding };
  } catch (error) {
    loaded = { binding: undefined, error };
  }
  return loaded;
}

import type { ValueNoble } from "./eip712Noble.js";

/** An order read into the typed data of its version (see `normalizeOrderNoble`). */
export type NormalizeOrderNobleReturnType = {
  version: "v1" | "v2";
  /** The typed-data message: addresses and bytes as bytes, integers as bigints. */
  message: { readonly [key: string]: ValueNoble };
  /** The signed payment (`inputs[0].payment` in v1, `input` in v2), if any. */
  payment: { chainId: string; currency: Uint8Array; amount: bigint } | undefined;
};

import { type Hex, keccak256, stringToBytes } from "viem";
import { InvalidAddressError, UnsupportedVmTypeError } from "./errors.js";
import type { Bytes32Encoder, VmType } from "./types.js";

/** A bech32 (`bc1…`, one case) or base58 (`1…`, `3…`) Bitcoin mainnet string: its shape, not its checksum. */
const bitcoinPattern =
  /^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/;
/** An account index: canonical decimal, at most 2^53 − 1. */
const accountIndexPattern = /^(0|[1-9][0-9]{0,15})$/;

/**
 * The devnet's named, explicit `bytes32` rule for the chains whose encoding the interface does not
 * publish: Bitcoin (`bvm`: addresses and the BTC identifier) and the external exchange (`lvm`:
 * account indexes and the currency `0`). The word is
 * `keccak256(utf8("attestkit-devnet:" + vmType + ":" + canonical value))`, where a bech32 string is
 * lower-cased and every other value is taken as written. A hash rather than the raw bytes: Bitcoin
 * programs are 20 or 32 bytes and an account index is a small integer, which as a word would look
 * like a chain id and break the tuple's layout rule. It is the devnet's choice, NOT the live
 * service's: a verifier accepts it only when given it (`encoders: devnetBytes32Encoders`).
 *
 * @param value - The request-data string.
 * @param context - The field, its chain and VM type.
 * @returns The 32-byte word, lowercase hex.
 * @throws InvalidAddressError for a value of the wrong shape; UnsupportedVmTypeError for another VM.
 * @example
 * devnetBytes32Encoder("1001", { field: "originUser", chainId: 3586256n, vmType: "lvm" })
 */
export const devnetBytes32Encoder: Bytes32Encoder = (value, { field, chainId, vmType }): Hex => {
  if (vmType === "bvm") {
    if (!bitcoinPattern.test(value))
      throw new InvalidAddressError({ field, value, vmType, reason: "not a Bitcoin mainnet address" });
    const canonical = value.toLowerCase().startsWith("bc1") ? value.toLowerCase() : value;
    return keccak256(stringToBytes(`attestkit-devnet:bvm:${canonical}`));
  }
  if (vmType === "lvm") {
    if (!accountIndexPattern.test(value) || BigInt(value) > BigInt(Number.MAX_SAFE_INTEGER))
      throw new InvalidAddressError({
        field,
        value,
        vmType,
        reason: "not an account index (decimal, at most 2^53 - 1)",
      });
    return keccak256(stringToBytes(`attestkit-devnet:lvm:${value}`));
  }
  throw new UnsupportedVmTypeError({ field, vmType, chainId });
};

/**
 * The `encoders` option that makes a verifier accept the devnet's attestations for Bitcoin and the
 * external exchange: {@link devnetBytes32Encoder} for `bvm` and `lvm`.
 */
export const devnetBytes32Encoders: Readonly<Partial<Record<VmType, Bytes32Encoder>>> = {
  bvm: devnetBytes32Encoder,
  lvm: devnetBytes32Encoder,
};

import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import { bitcoinNetworks } from "./constants.js";
import {
  type BitcoinAddressInvalidReason,
  InvalidBitcoinAddressError,
  type InvalidBitcoinAddressErrorType,
} from "./errors.js";
import type { BitcoinAddressType, BitcoinNetwork } from "./types.js";

const base58check = createBase58check(sha256);
const allNetworks = Object.keys(bitcoinNetworks) as BitcoinNetwork[];

export type DecodeBitcoinAddressParameters = {
  /** The address, exactly as the user gave it. */
  address: string;
  /** The network(s) the address must belong to. Defaults to `"mainnet"` (the service's chain 8253038). */
  network?: BitcoinNetwork | readonly BitcoinNetwork[] | undefined;
};

export type DecodeBitcoinAddressReturnType = {
  /** The address as given (never re-cased). */
  address: string;
  type: BitcoinAddressType;
  /** The first of the allowed networks the address belongs to. */
  network: BitcoinNetwork;
  encoding: "base58check" | "bech32" | "bech32m";
  /** The witness version of a segwit address. */
  witnessVersion?: 0 | 1;
  /** The hash (base58check) or witness program (segwit). */
  program: Uint8Array;
};

export type DecodeBitcoinAddressErrorType = InvalidBitcoinAddressErrorType;

/**
 * Decodes a Bitcoin address with its checksum and tells its type, rejecting anything that is not a
 * standard P2PKH, P2SH, P2WPKH, P2WSH or P2TR address of the allowed network.
 *
 * @param parameters - {@link DecodeBitcoinAddressParameters}
 * @returns The address type, network and payload. {@link DecodeBitcoinAddressReturnType}
 * @example
 * decodeBitcoinAddress({ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" }).type // "p2wpkh"
 */
export function decodeBitcoinAddress({
  address,
  network = "mainnet",
}: DecodeBitcoinAddressParameters): DecodeBitcoinAddressReturnType {
  const networks: readonly BitcoinNetwork[] = typeof network === "string" ? [network] : network;
  const fail = (reason: BitcoinAddressInvalidReason): never => {
    throw new InvalidBitcoinAddressError({ address, reason, networks });
  };
  if (typeof address !== "string") return fail("not-a-string");

  // bech32 puts the separator at the last "1"; the data charset has none.
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf("1");
  const hrp = separator > 0 ? lower.slice(0, separator) : "";
  const segwitNetwork = allNetworks.find((name) => bitcoinNetworks[name].bech32 === hrp);
  if (segwitNetwork) {
    if (address !== lower && address !== address.toUpperCase()) return fail("mixed-case");
    const asBech32 = bech32.decodeUnsafe(address, 90);
    const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(address, 90);
    const decoded = asBech32 ?? asBech32m;
    if (!decoded) return fail("invalid-encoding");
    if (!networks.includes(segwitNetwork)) return fail("wrong-network");
    const [version, ...data] = decoded.words;
    if (version === undefined || version > 16) return fail("invalid-witness-program");
    if ((version === 0) !== Boolean(asBech32)) return fail("wrong-checksum-variant");
    if (version > 1) return fail("unsupported-witness-version");
    const program = bech32.fromWordsUnsafe(data);
    if (!program) return fail("invalid-witness-program");
    const type: BitcoinAddressType | undefined =
      version === 0
        ? program.length === 20
          ? "p2wpkh"
          : program.length === 32
            ? "p2wsh"
            : undefined
        : program.length === 32
          ? "p2tr"
          : undefined;
    if (!type) return fail("invalid-witness-program");
    return {
      address,
      type,
      network: segwitNetwork,
      encoding: version === 0 ? "bech32" : "bech32m",
      witnessVersion: version as 0 | 1,
      program,
    };
  }

  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return fail("invalid-encoding");
  }
  if (payload.length !== 21) return fail("invalid-payload-length");
  const versionByte = payload[0];
  const program = payload.slice(1);
  for (const name of networks) {
    const prefixes = bitcoinNetworks[name];
    if (versionByte === prefixes.pubKeyHash)
      return { address, type: "p2pkh", network: name, encoding: "base58check", program };
    if (versionByte === prefixes.scriptHash)
      return { address, type: "p2sh", network: name, encoding: "base58check", program };
  }
  const elsewhere = allNetworks.some(
    (name) =>
      bitcoinNetworks[name].pubKeyHash === versionByte || bitcoinNetworks[name].scriptHash === versionByte,
  );
  return fail(elsewhere ? "wrong-network" : "unknown-version");
}

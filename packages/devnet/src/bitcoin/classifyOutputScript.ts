import { Address, NETWORK, OutScript } from "@scure/btc-signer";
import { bitcoinRules } from "./constants.js";
import { isPushOnly } from "./internal/readScript.js";

/** Output types, named as Esplora's `scriptpubkey_type` names them. */
export type BitcoinOutputType =
  | "p2pkh"
  | "p2sh"
  | "v0_p2wpkh"
  | "v0_p2wsh"
  | "v1_p2tr"
  | "op_return"
  | "unknown";

export type ClassifyOutputScriptReturnType = {
  type: BitcoinOutputType;
  /** The mainnet address paid, for the address types; undefined for OP_RETURN and unknown scripts. */
  address: string | undefined;
  /** Whether the devnet relays an output with this script (standard address types and OP_RETURN up to 83 bytes). */
  standard: boolean;
  /** Smallest relayed value of such an output, in satoshis (0 for OP_RETURN). */
  dustThreshold: bigint;
};

const addressCoder = Address(NETWORK);

const match = (script: Uint8Array, length: number, prefix: number[], suffix: number[] = []): boolean =>
  script.length === length &&
  prefix.every((byte, i) => script[i] === byte) &&
  suffix.every((byte, i) => script[length - suffix.length + i] === byte);

/**
 * Tells what an output script pays: its Esplora type, its mainnet address, whether the devnet relays
 * it, and its dust threshold computed as Bitcoin Core's `GetDustThreshold` does (the output's size
 * plus the size of the input that would spend it, at 3 sat/vB: 546 for P2PKH, 540 for P2SH, 294 for
 * P2WPKH, 330 for P2WSH and P2TR).
 *
 * @param script - The output script.
 * @returns Type, address, standardness and dust threshold. {@link ClassifyOutputScriptReturnType}
 * @example
 * classifyOutputScript(hex.decode("0014751e76e8199196d454941c45d1b3a323f1433bd6")).address
 * // "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
 */
export function classifyOutputScript(script: Uint8Array): ClassifyOutputScriptReturnType {
  const kind = outputKindOf(script);
  const address =
    kind.type === "unknown" || kind.type === "op_return"
      ? undefined
      : addressCoder.encode(OutScript.decode(script));
  return { ...kind, address };
}

/**
 * {@link classifyOutputScript} without the address (which costs an encoding): the type, whether it
 * is relayed, and its dust threshold.
 *
 * @param script - The output script.
 * @returns Type, standardness and dust threshold.
 */
export function outputKindOf(script: Uint8Array): Omit<ClassifyOutputScriptReturnType, "address"> {
  const type: BitcoinOutputType = match(script, 25, [0x76, 0xa9, 0x14], [0x88, 0xac])
    ? "p2pkh"
    : match(script, 23, [0xa9, 0x14], [0x87])
      ? "p2sh"
      : match(script, 22, [0x00, 0x14])
        ? "v0_p2wpkh"
        : match(script, 34, [0x00, 0x20])
          ? "v0_p2wsh"
          : match(script, 34, [0x51, 0x20])
            ? "v1_p2tr"
            : script[0] === 0x6a && isPushOnly(script.subarray(1))
              ? "op_return"
              : "unknown";
  if (type === "unknown") return { type, standard: false, dustThreshold: 0n };
  if (type === "op_return")
    return { type, standard: script.length <= bitcoinRules.maxOpReturnScriptSize, dustThreshold: 0n };
  // Serialized output: 8-byte value, 1-byte script length, script.
  const outputSize = 8 + 1 + script.length;
  // Spending input: outpoint 36 + scriptSig length 1 + sequence 4, plus a 107-byte scriptSig for
  // legacy outputs or a quarter of a 107-byte witness (rounded down to 26) for witness outputs.
  const isWitness = type === "v0_p2wpkh" || type === "v0_p2wsh" || type === "v1_p2tr";
  const inputSize = 32 + 4 + 1 + (isWitness ? 26 : 107) + 4;
  const dustThreshold = (BigInt(outputSize + inputSize) * bitcoinRules.dustRelayFeePerKvB) / 1000n;
  return { type, standard: true, dustThreshold };
}

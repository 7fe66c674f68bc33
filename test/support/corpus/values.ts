// Test support: the values the seeded corpus is made of (chains, addresses, amounts, words) and
// the solver's signing, shared by every profile of buildCorpus.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58 } from "@scure/base";
import { chainIds, secp256k1N } from "../../../packages/attestkit/src/attestation/constants.js";
import { bytesToHex } from "../../../packages/attestkit/src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../../packages/attestkit/src/attestation/noble/checksumAddress.js";
import { personalDigest } from "../../../packages/attestkit/src/attestation/noble/personalDigest.js";
import type { Bytes32Encoder, VmType } from "../../../packages/attestkit/src/attestation/types.js";
import type { SeededRng } from "./SeededRng.js";

/** Modular inverse mod n (n is prime: Fermat). */
export function invert(value: bigint): bigint {
  let result = 1n;
  let base = value % secp256k1N;
  for (let e = secp256k1N - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % secp256k1N;
    base = (base * base) % secp256k1N;
  }
  return result;
}

export const word = (value: bigint) => value.toString(16).padStart(64, "0");
export const byteHex = (value: number) => value.toString(16).padStart(2, "0");

/** A deterministic encoder for VMs without a built-in rule; `upper` also checks lowercasing. */
export function hashEncoder(upper: boolean): Bytes32Encoder {
  return (value, { field, chainId, vmType }) => {
    // The context is part of the word, so a verifier that passes a different context disagrees.
    const context = `${vmType}:${typeof chainId}:${chainId}:${field}:${value}`;
    const hex = bytesToHex(keccak_256(new TextEncoder().encode(context)));
    return (upper ? `0x${hex.slice(2).toUpperCase()}` : hex) as `0x${string}`;
  };
}

export const evmChains = [1, 10, 56, 100, 137, 8453, 42161, 7777777, 31337, 0, Number.MAX_SAFE_INTEGER];
export const otherChains = [chainIds.bitcoin, chainIds.tron, chainIds.hyperliquid, chainIds.lighter];
export const vmOf = (chainId: number): VmType =>
  chainId === chainIds.solana || chainId === chainIds.eclipse
    ? "svm"
    : chainId === chainIds.bitcoin
      ? "bvm"
      : chainId === chainIds.tron
        ? "tvm"
        : chainId === chainIds.hyperliquid
          ? "hypevm"
          : chainId === chainIds.lighter
            ? "lvm"
            : "evm";

export function randomChainId(rng: SeededRng): number {
  const roll = rng.next();
  if (roll < 0.18) return chainIds.solana;
  if (roll < 0.22) return chainIds.eclipse;
  if (roll < 0.3) return 1 + rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27); // anywhere below 2^53
  if (roll < 0.36) return rng.pick(otherChains);
  return rng.pick(evmChains);
}

export function chainIdAs(rng: SeededRng, chainId: number): unknown {
  const roll = rng.next();
  if (roll < 0.6) return chainId;
  if (roll < 0.75) return BigInt(chainId);
  if (roll < 0.95) return String(chainId);
  return `00${chainId}`;
}

export function evmAddress(
  rng: SeededRng,
  bytes = rng.chance(0.08) ? new Uint8Array(20) : rng.bytes(20),
): string {
  const lower = bytesToHex(bytes);
  const roll = rng.next();
  if (roll < 0.4) return lower;
  if (roll < 0.8) return checksumAddress(bytes);
  return `0x${lower.slice(2).toUpperCase()}`;
}

export function svmAddress(rng: SeededRng): string {
  if (rng.chance(0.05)) return base58.encode(new Uint8Array(32));
  const bytes = rng.bytes(32);
  if (rng.chance(0.1)) bytes.fill(0, 0, 1 + rng.int(3));
  return base58.encode(bytes);
}

export function addressFor(rng: SeededRng, chainId: number): string {
  const vm = vmOf(chainId);
  if (vm === "evm" || vm === "hypevm") return evmAddress(rng);
  if (vm === "svm") return svmAddress(rng);
  if (vm === "bvm") return `bc1q${bytesToHex(rng.bytes(20)).slice(2)}`;
  return `T${base58.encode(rng.bytes(24))}`;
}

/** The layout rule's bound: chain ids at most 2^53 - 1, account words above it. */
export const maxChainId = 2n ** 53n - 1n;

export function wordValue(word: Uint8Array): bigint {
  return word.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
}

/** An address for an account field: like `addressFor`, but never a small-integer word. */
export function accountFor(rng: SeededRng, chainId: number): string {
  for (;;) {
    const address = addressFor(rng, chainId);
    const vm = vmOf(chainId);
    if (vm === "evm" || vm === "hypevm") {
      if (BigInt(address.toLowerCase()) > maxChainId) return address;
    } else if (vm === "svm") {
      if (wordValue(base58.decode(address)) > maxChainId) return address;
    } else return address; // Encoded by a hash: never small.
  }
}

/** An EVM address string whose word is exactly `value` (below 2^160). */
export const evmAddressOf = (value: bigint) => `0x${value.toString(16).padStart(40, "0")}`;

export function amountAs(rng: SeededRng, amount: bigint): unknown {
  const roll = rng.next();
  if (roll < 0.75) return amount.toString();
  if (roll < 0.8) return `000${amount}`;
  return amount;
}

export function randomAmount(rng: SeededRng): bigint {
  const roll = rng.next();
  if (roll < 0.04) return 0n;
  if (roll < 0.07) return 2n ** 256n - 1n;
  return rng.bigint(rng.int(257));
}

/** Signs the concatenation of `parts` (the tuple's words) as the solver does. */
export function signWords(secretKey: Uint8Array, parts: Uint8Array[]) {
  const encoded = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    encoded.set(part, offset);
    offset += part.length;
  }
  const digest = personalDigest(keccak_256(encoded));
  const signed = secp256k1.sign(digest, secretKey, { prehash: false, format: "recovered" });
  return {
    digest,
    recovery: signed[0] as number,
    r: BigInt(bytesToHex(signed.subarray(1, 33))),
    s: BigInt(bytesToHex(signed.subarray(33, 65))),
  };
}

export const wordOf = (value: bigint) => {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};

/** A chain id as request data may carry it, whatever its size (the verifiers judge the range). */
export const chainIdValue = (rng: SeededRng, value: bigint): unknown =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && rng.chance(0.5) ? Number(value) : value.toString();

/** The 65-byte hex signature `r || s || v`. */
export const rsv = (r: bigint, s: bigint, v: number) => `0x${word(r)}${word(s)}${byteHex(v)}`;

/**
 * Hex text with some digits swapped for lookalikes whose low byte is the digit: U+0130..0139 for
 * 0-9, U+0161..0166 for a-f, U+0141..0146 for A-F. Node's `Buffer.from(text, "hex")` reads each
 * character's low byte and takes them as the digits; every attestkit reader must refuse them.
 *
 * @param rng - The corpus generator (which digits, and sometimes all of them).
 * @param text - `0x`-prefixed hex, or anything else (returned as a lookalike where it has digits).
 * @returns The text with one to three digits (a quarter of the time all) replaced.
 */
export function lookalikeHex(rng: SeededRng, text: string): string {
  const start = text.startsWith("0x") ? 2 : 0;
  const digits = [...text].flatMap((char, i) => (i >= start && /[0-9a-fA-F]/.test(char) ? [i] : []));
  if (digits.length === 0) return `${text}\u0130`;
  const chosen = new Set(
    rng.chance(0.25) ? digits : Array.from({ length: 1 + rng.int(3) }, () => rng.pick(digits)),
  );
  return [...text].map((char, i) => (chosen.has(i) ? lookalikeOf(char) : char)).join("");
}

/** The non-ASCII character whose low byte is this ASCII hex digit. */
export const lookalikeOf = (digit: string) => String.fromCharCode(0x100 + digit.charCodeAt(0));

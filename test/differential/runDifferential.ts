// Test support: generates seeded random and mutated attestation vectors and runs each through
// every verifier — the viem path, the noble path, the bulk audit's entry verifier and, for every
// vector whose seven words exist, the Solidity AttestationVerifier — and records disagreements.

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58 } from "@scure/base";
import { chainIds, secp256k1HalfN, secp256k1N, solverAddress } from "../../src/attestation/constants.js";
import { bytesToHex } from "../../src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../src/attestation/noble/checksumAddress.js";
import { encodeAttestationNoble } from "../../src/attestation/noble/encodeAttestationNoble.js";
import { personalDigest } from "../../src/attestation/noble/personalDigest.js";
import {
  type VerifyAttestationNobleParameters,
  verifyAttestationNoble,
} from "../../src/attestation/noble/verifyAttestationNoble.js";
import type { Bytes32Encoder, VmType } from "../../src/attestation/types.js";
import { verifyAttestation } from "../../src/attestation/verifyAttestation.js";
import { createEntryVerifier, type EntryVerifier } from "../../src/audit/createEntryVerifier.js";
import { loadNativeSecp256k1 } from "../../src/audit/loadNativeSecp256k1.js";
import { SeededRng } from "../support/corpus/SeededRng.js";
import type { SolidityVerdict, SolidityVerifier } from "./solidityVerifier.js";

type Params = {
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
  solvers?: unknown[];
  version?: "v1" | "v2";
  vmTypes?: Record<string, VmType>;
  encoders?: Partial<Record<VmType, Bytes32Encoder>>;
};

/**
 * One vector: what was done to it, the parameters every verifier gets and, for vectors whose
 * tuple the TypeScript verifiers refuse to build (the layout rule), the seven signed words that
 * the Solidity verifier gets instead.
 */
export type DifferentialVector = { kind: string; params: Params; words?: Uint8Array[] };

/** What a verifier did with a vector, reduced to what both must agree on. */
export type Outcome =
  | {
      threw: false;
      valid: boolean;
      signer: string | null;
      reason: string | undefined;
      hasReasonKey: boolean;
      encoded: string;
      hash: string;
      digest: string;
    }
  | { threw: true; error: string; field: unknown; length: unknown; reason: unknown };

export type DifferentialReport = {
  /** Vectors run. */
  count: number;
  /** Vectors per generator kind (`valid`, `mutate:signature:v`, ...). */
  kinds: Map<string, number>;
  /** Vectors per outcome (`valid`, `reason:high-s`, `error:InvalidAmountError`, ...). */
  outcomes: Map<string, number>;
  /** The vectors on which two verifiers disagree (at most 20 kept), as JSON. */
  mismatches: string[];
  /** How many disagreed. */
  mismatchCount: number;
  /** Vectors also checked by the bulk audit's entry verifier (those without custom encoders). */
  auditCount: number;
  /** Vectors also checked onchain (those whose seven words and 65 signature bytes exist). */
  solidityCount: number;
};

/** Modular inverse mod n (n is prime: Fermat). */
function invert(value: bigint): bigint {
  let result = 1n;
  let base = value % secp256k1N;
  for (let e = secp256k1N - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % secp256k1N;
    base = (base * base) % secp256k1N;
  }
  return result;
}

const word = (value: bigint) => value.toString(16).padStart(64, "0");
const byteHex = (value: number) => value.toString(16).padStart(2, "0");

/** A deterministic encoder for VMs without a built-in rule; `upper` also checks lowercasing. */
function hashEncoder(upper: boolean): Bytes32Encoder {
  return (value, { field, chainId, vmType }) => {
    // The context is part of the word, so a verifier that passes a different context disagrees.
    const context = `${vmType}:${typeof chainId}:${chainId}:${field}:${value}`;
    const hex = bytesToHex(keccak_256(new TextEncoder().encode(context)));
    return (upper ? `0x${hex.slice(2).toUpperCase()}` : hex) as `0x${string}`;
  };
}

const evmChains = [1, 10, 56, 100, 137, 8453, 42161, 7777777, 31337, 0, Number.MAX_SAFE_INTEGER];
const otherChains = [chainIds.bitcoin, chainIds.tron, chainIds.hyperliquid, chainIds.lighter];
const vmOf = (chainId: number): VmType =>
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

function randomChainId(rng: SeededRng): number {
  const roll = rng.next();
  if (roll < 0.18) return chainIds.solana;
  if (roll < 0.22) return chainIds.eclipse;
  if (roll < 0.3) return 1 + rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27); // anywhere below 2^53
  if (roll < 0.36) return rng.pick(otherChains);
  return rng.pick(evmChains);
}

function chainIdAs(rng: SeededRng, chainId: number): unknown {
  const roll = rng.next();
  if (roll < 0.6) return chainId;
  if (roll < 0.75) return BigInt(chainId);
  if (roll < 0.95) return String(chainId);
  return `00${chainId}`;
}

function evmAddress(rng: SeededRng, bytes = rng.chance(0.08) ? new Uint8Array(20) : rng.bytes(20)): string {
  const lower = bytesToHex(bytes);
  const roll = rng.next();
  if (roll < 0.4) return lower;
  if (roll < 0.8) return checksumAddress(bytes);
  return `0x${lower.slice(2).toUpperCase()}`;
}

function svmAddress(rng: SeededRng): string {
  if (rng.chance(0.05)) return base58.encode(new Uint8Array(32));
  const bytes = rng.bytes(32);
  if (rng.chance(0.1)) bytes.fill(0, 0, 1 + rng.int(3));
  return base58.encode(bytes);
}

function addressFor(rng: SeededRng, chainId: number): string {
  const vm = vmOf(chainId);
  if (vm === "evm" || vm === "hypevm") return evmAddress(rng);
  if (vm === "svm") return svmAddress(rng);
  if (vm === "bvm") return `bc1q${bytesToHex(rng.bytes(20)).slice(2)}`;
  return `T${base58.encode(rng.bytes(24))}`;
}

/** The layout rule's bound: chain ids at most 2^53 - 1, account words above it. */
const maxChainId = 2n ** 53n - 1n;

function wordValue(word: Uint8Array): bigint {
  return word.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
}

/** An address for an account field: like `addressFor`, but never a small-integer word. */
function accountFor(rng: SeededRng, chainId: number): string {
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
const evmAddressOf = (value: bigint) => `0x${value.toString(16).padStart(40, "0")}`;

function amountAs(rng: SeededRng, amount: bigint): unknown {
  const roll = rng.next();
  if (roll < 0.75) return amount.toString();
  if (roll < 0.8) return `000${amount}`;
  return amount;
}

function randomAmount(rng: SeededRng): bigint {
  const roll = rng.next();
  if (roll < 0.04) return 0n;
  if (roll < 0.07) return 2n ** 256n - 1n;
  return rng.bigint(rng.int(257));
}

type Base = {
  params: Params;
  /** The signed words, in the base's layout. */
  words: Uint8Array[];
  secretKey: Uint8Array;
  signer: string;
  r: bigint;
  s: bigint;
  recovery: number;
  digest: Uint8Array;
  originChainId: number;
  destinationChainId: number;
};

function baseVector(rng: SeededRng): Base {
  const version = rng.chance(0.7) ? "v1" : "v2";
  const originChainId = randomChainId(rng);
  const destinationChainId = randomChainId(rng);
  const requestData: Record<string, unknown> = {
    originChainId: chainIdAs(rng, originChainId),
    originUser: accountFor(rng, originChainId),
    originCurrency: addressFor(rng, originChainId),
  };
  if (version === "v1" || rng.chance(0.5)) requestData.originAmount = amountAs(rng, randomAmount(rng));
  requestData.destinationChainId = chainIdAs(rng, destinationChainId);
  requestData.destinationUser = accountFor(rng, destinationChainId);
  if (version === "v2") requestData.destinationCurrency = addressFor(rng, destinationChainId);
  if (rng.chance(0.2)) requestData.originTransferDestination = rng.chance(0.5) ? null : evmAddress(rng);

  const params: Params = { requestId: bytesToHex(rng.bytes(32)), requestData, signature: "0x" };
  if (rng.chance(0.1)) params.requestId = `0x${(params.requestId as string).slice(2).toUpperCase()}`;
  if (version === "v2" || rng.chance(0.3)) params.version = version;
  const encoders: Partial<Record<VmType, Bytes32Encoder>> = {};
  for (const chainId of [originChainId, destinationChainId]) {
    const vm = vmOf(chainId);
    if (vm !== "evm" && vm !== "svm") encoders[vm] = hashEncoder(rng.chance(0.3));
  }
  if (Object.keys(encoders).length > 0) params.encoders = encoders;

  let secretKey = rng.bytes(32);
  while (BigInt(bytesToHex(secretKey)) === 0n || BigInt(bytesToHex(secretKey)) >= secp256k1N)
    secretKey = rng.bytes(32);
  const { encoded, words } = encodeAttestationNoble(params as VerifyAttestationNobleParameters);
  const { digest, r, s, recovery } = signWords(secretKey, [encoded]);
  params.signature = `0x${word(r)}${word(s)}${byteHex(rng.chance(0.8) ? 27 + recovery : recovery)}`;

  const publicKey = secp256k1.getPublicKey(secretKey, false);
  const signer = bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12));
  const roll = rng.next();
  if (roll < 0.5) {
    const others = Array.from({ length: rng.int(3) }, () => evmAddress(rng));
    const cased = rng.pick([
      signer,
      checksumAddress(keccak_256(publicKey.subarray(1)).subarray(12)),
      signer.toUpperCase().replace("0X", "0x"),
    ]);
    others.splice(rng.int(others.length + 1), 0, cased);
    params.solvers = others;
  } else if (roll < 0.65) params.solvers = [evmAddress(rng)];
  else if (roll < 0.72) params.solvers = [];
  // Otherwise no solvers: the default (live) solver, which never signed these.
  return {
    params,
    words: words.map(([, w]) => w),
    secretKey,
    signer,
    r,
    s,
    recovery,
    digest,
    originChainId,
    destinationChainId,
  };
}

/** Signs the concatenation of `parts` (the tuple's words) as the solver does. */
function signWords(secretKey: Uint8Array, parts: Uint8Array[]) {
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

/** A 65-byte signature over `words` by the base's key. */
function signatureOver(base: Base, words: Uint8Array[]): string {
  const { r, s, recovery } = signWords(base.secretKey, words);
  return `0x${word(r)}${word(s)}${byteHex(27 + recovery)}`;
}

const wordOf = (value: bigint) => {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};

/** A chain id as request data may carry it, whatever its size (the verifiers judge the range). */
const chainIdValue = (rng: SeededRng, value: bigint): unknown =>
  value <= BigInt(Number.MAX_SAFE_INTEGER) && rng.chance(0.5) ? Number(value) : value.toString();

type Mutation = (rng: SeededRng, base: Base) => Params;

const withData = (base: Base, changes: Record<string, unknown>): Params => ({
  ...base.params,
  requestData: { ...base.params.requestData, ...changes },
});
const withSignature = (base: Base, signature: unknown): Params => ({ ...base.params, signature });
const rsv = (r: bigint, s: bigint, v: number) => `0x${word(r)}${word(s)}${byteHex(v)}`;
const flipDigit = (rng: SeededRng, hex: string) => {
  const i = 2 + rng.int(hex.length - 2);
  const digit = Number.parseInt(hex.charAt(i), 16);
  return hex.slice(0, i) + ((digit + 1 + rng.int(15)) % 16).toString(16) + hex.slice(i + 1);
};
const currentV = (base: Base) => Number.parseInt((base.params.signature as string).slice(-2), 16);

const addressFields = (base: Base) =>
  base.params.version === "v2"
    ? ["originUser", "originCurrency", "destinationUser", "destinationCurrency"]
    : ["originUser", "originCurrency", "destinationUser"];
const chainOf = (base: Base, field: string) =>
  field.startsWith("origin") ? base.originChainId : base.destinationChainId;
const requiredFields = (base: Base) =>
  base.params.version === "v2"
    ? [
        "originChainId",
        "originUser",
        "originCurrency",
        "destinationChainId",
        "destinationUser",
        "destinationCurrency",
      ]
    : [
        "originChainId",
        "originUser",
        "originCurrency",
        "originAmount",
        "destinationChainId",
        "destinationUser",
      ];

const mutations: Record<string, Mutation> = {
  // Request id.
  "requestId:digit": (rng, b) => ({ ...b.params, requestId: flipDigit(rng, b.params.requestId as string) }),
  "requestId:case": (_, b) => ({
    ...b.params,
    requestId: `0x${(b.params.requestId as string).slice(2).toUpperCase()}`,
  }),
  "requestId:malformed": (rng, b) => {
    const id = b.params.requestId as string;
    const bad = rng.pick([
      id.slice(0, -2),
      `${id}00`,
      id.slice(2),
      `${id.slice(0, -1)}g`,
      `0X${id.slice(2)}`,
      "",
      1,
      1n,
      id.slice(0, -1),
    ]);
    return { ...b.params, requestId: bad };
  },
  "requestId:missing": (rng, b) => ({ ...b.params, requestId: rng.pick([undefined, null]) }),
  // Chain ids.
  "chainId:other": (rng, b) => {
    const field = rng.pick(["originChainId", "destinationChainId"]);
    const chainId = field === "originChainId" ? b.originChainId : b.destinationChainId;
    const next = rng.pick([
      chainId + 1,
      Math.max(chainId - 1, 0),
      rng.pick(evmChains),
      chainIds.solana,
      rng.pick(otherChains),
    ]);
    return withData(b, { [field]: chainIdAs(rng, next) });
  },
  "chainId:reworded": (rng, b) => {
    const field = rng.pick(["originChainId", "destinationChainId"]);
    const chainId = field === "originChainId" ? b.originChainId : b.destinationChainId;
    return withData(b, {
      [field]: rng.pick([
        chainId,
        BigInt(chainId),
        String(chainId),
        `0${chainId}`,
        chainId === 0 ? -0 : chainId,
      ]),
    });
  },
  "chainId:malformed": (rng, b) => {
    const field = rng.pick(["originChainId", "destinationChainId"]);
    const bad = rng.pick([
      -1,
      1.5,
      2 ** 53,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1n,
      2n ** 53n,
      "0x1",
      "",
      " 1",
      "1.0",
      "1e3",
      "-1",
      "9007199254740992",
      true,
      {},
    ]);
    return withData(b, { [field]: bad });
  },
  // Address fields.
  "address:other": (rng, b) => {
    const field = rng.pick(addressFields(b));
    return withData(b, { [field]: addressFor(rng, chainOf(b, field)) });
  },
  "address:case": (rng, b) => {
    const field = rng.pick(addressFields(b));
    const value = b.params.requestData[field] as string;
    if (!value.startsWith("0x")) return withData(b, { [field]: value.toLowerCase() });
    const hex = value.slice(2);
    const recased = rng.pick([
      hex.toLowerCase(),
      hex.toUpperCase(),
      checksumAddress(Buffer.from(hex, "hex")).slice(2),
    ]);
    return withData(b, { [field]: `0x${recased}` });
  },
  "address:badChecksum": (rng, b) => {
    const field = rng.pick(addressFields(b));
    const value = b.params.requestData[field] as string;
    // Flip the case of one letter: a checksummed address then (almost always) fails its checksum.
    const letters = [...value]
      .map((char, i) => (i > 1 && /[a-fA-F]/.test(char) ? i : -1))
      .filter((i) => i >= 0);
    if (letters.length === 0) return withData(b, { [field]: `0x${"aB".repeat(20)}` });
    const i = rng.pick(letters);
    const char = value.charAt(i);
    const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    return withData(b, { [field]: value.slice(0, i) + flipped + value.slice(i + 1) });
  },
  "address:malformed": (rng, b) => {
    const field = rng.pick(addressFields(b));
    const value = b.params.requestData[field] as string;
    const bad = rng.pick([
      value.slice(0, -1),
      `${value}1`,
      `1${value}`,
      value.slice(2),
      `${value.slice(0, -1)}0`,
      `${value.slice(0, -1)}l`,
      `0x${"ab".repeat(32)}`,
      "",
      " ",
      42,
      true,
      {},
      svmAddress(rng),
      evmAddress(rng),
      base58.encode(rng.bytes(31)),
      base58.encode(rng.bytes(33)),
    ]);
    return withData(b, { [field]: bad });
  },
  // Amount.
  "amount:other": (rng, b) => {
    const current = BigInt((b.params.requestData.originAmount as string | bigint | undefined) ?? 0);
    const next = rng.pick([current + 1n, current - 1n, randomAmount(rng), 0n, 2n ** 256n - 1n]);
    return withData(b, { originAmount: next < 0n ? "1" : amountAs(rng, next) });
  },
  "amount:reworded": (rng, b) => {
    const current = b.params.requestData.originAmount as string | bigint | undefined;
    if (current === undefined) return withData(b, { originAmount: rng.pick(["1", 1n]) });
    return withData(b, {
      originAmount: rng.pick([BigInt(current), BigInt(current).toString(), `0${BigInt(current)}`]),
    });
  },
  "amount:malformed": (rng, b) => {
    const bad = rng.pick([
      "1.5",
      "-1",
      "0x10",
      "",
      " 1",
      "1 ",
      "1e18",
      "+1",
      (2n ** 256n).toString(),
      2n ** 256n,
      -1n,
      1000,
      1.5,
      Number.NaN,
      true,
      "١",
    ]);
    return withData(b, { originAmount: bad });
  },
  // Missing and extra fields, version.
  "field:missing": (rng, b) => withData(b, { [rng.pick(requiredFields(b))]: rng.pick([undefined, null]) }),
  "field:extra": (rng, b) =>
    withData(b, {
      originTransferDestination: evmAddress(rng),
      destinationCurrency: rng.pick(["nonsense", evmAddress(rng)]),
    }),
  "version:swapped": (rng, b) => {
    const version = b.params.version === "v2" ? "v1" : "v2";
    const params = { ...b.params, version } as Params;
    if (version === "v2" && rng.chance(0.7))
      params.requestData = {
        ...params.requestData,
        destinationCurrency: addressFor(rng, b.destinationChainId),
      };
    return params;
  },
  // Encoders and VM overrides.
  "encoder:badOutput": (rng, b) => {
    const vm = vmOf(chainOf(b, rng.pick(addressFields(b))));
    const output = rng.pick([
      `0x${"ab".repeat(31)}`,
      `0x${"ab".repeat(33)}`,
      "ab".repeat(32),
      `0x${"zz".repeat(32)}`,
      42,
      undefined,
    ]);
    return { ...b.params, encoders: { ...b.params.encoders, [vm]: (() => output) as never } };
  },
  "encoder:explicitBuiltIn": (rng, b) => ({
    ...b.params,
    encoders: { ...b.params.encoders, [rng.pick(["evm", "svm"])]: hashEncoder(rng.chance(0.5)) },
  }),
  "encoder:nonString": (rng, b) => {
    const field = rng.pick(addressFields(b));
    const vm = vmOf(chainOf(b, field));
    return {
      ...withData(b, { [field]: rng.pick([42, {}, true]) }),
      encoders: { ...b.params.encoders, [vm]: hashEncoder(false) },
    };
  },
  "vmTypes:override": (rng, b) => {
    const chainId = rng.pick([b.originChainId, b.destinationChainId]);
    return { ...b.params, vmTypes: { [String(chainId)]: rng.pick(["evm", "svm", "bvm", "tvm"] as const) } };
  },
  // Solvers.
  "solvers:malformed": (rng, b) => {
    const solvers = [...(b.params.solvers ?? [evmAddress(rng)])];
    const bad = rng.pick([
      `0x${"ab".repeat(19)}`,
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267",
      "",
      1,
      svmAddress(rng),
      null,
    ]);
    solvers.splice(rng.int(solvers.length + 1), 0, bad);
    return { ...b.params, solvers };
  },
  "solvers:recased": (rng, b) => ({
    ...b.params,
    solvers: [
      rng.pick([
        b.signer.toUpperCase().replace("0X", "0x"),
        checksumAddress(Buffer.from(b.signer.slice(2), "hex")),
      ]),
    ],
  }),
  // Signature bytes.
  "signature:bitFlip": (rng, b) => {
    const bytes = Buffer.from((b.params.signature as string).slice(2), "hex");
    const i = rng.int(64);
    bytes[i] = (bytes[i] as number) ^ (1 << rng.int(8));
    return withSignature(b, `0x${bytes.toString("hex")}`);
  },
  "signature:v": (rng, b) => {
    const v = rng.pick([0, 1, 2, 3, 4, 26, 27, 28, 29, 30, 31, 35, 36, 37, 38, 127, 128, 254, 255]);
    return withSignature(b, rsv(b.r, b.s, v));
  },
  "signature:vFlipped": (_, b) => withSignature(b, rsv(b.r, b.s, 28 - b.recovery)),
  "signature:highSTwin": (rng, b) =>
    withSignature(b, rsv(b.r, secp256k1N - b.s, rng.chance(0.8) ? 28 - b.recovery : 27 + b.recovery)),
  "signature:rEdge": (rng, b) => {
    const r = rng.pick([
      0n,
      1n,
      secp256k1N - 1n,
      secp256k1N,
      secp256k1N + 1n,
      2n ** 256n - 1n,
      5n,
      rng.bigint(256),
    ]);
    return withSignature(b, rsv(r, b.s, currentV(b)));
  },
  "signature:sEdge": (rng, b) => {
    const s = rng.pick([
      0n,
      1n,
      secp256k1HalfN,
      secp256k1HalfN + 1n,
      secp256k1N - 1n,
      secp256k1N,
      2n ** 256n - 1n,
      rng.bigint(255),
    ]);
    return withSignature(b, rsv(b.r, s, currentV(b)));
  },
  // Random r (about half are no point's x coordinate) with a random low s.
  "signature:random": (rng, b) =>
    withSignature(b, rsv(1n + rng.bigint(255), 1n + rng.bigint(254), rng.pick([27, 28, 0, 1]))),
  "signature:length": (rng, b) => {
    const hex = (b.params.signature as string).slice(2);
    const bad = rng.pick([
      hex.slice(0, 128),
      hex.slice(0, 126),
      "",
      "1b",
      `${hex}00`,
      `${hex}${hex}`,
      hex.slice(2),
      hex.repeat(1).slice(0, 64),
    ]);
    return withSignature(b, `0x${bad}`);
  },
  "signature:hex": (rng, b) => {
    const sig = b.params.signature as string;
    const bad = rng.pick([
      sig.slice(2),
      `${sig}0`,
      `${sig.slice(0, -1)}g`,
      `0X${sig.slice(2)}`,
      ` ${sig}`,
      27,
      Uint8Array.of(1),
      undefined,
      null,
      "",
      "0x0",
    ]);
    return withSignature(b, bad);
  },
  // s R = h G makes the recovered point s/r R - h/r G the point at infinity: no key recovers.
  "signature:infinity": (rng, b) => {
    const s = 1n + rng.bigint(254);
    const h = BigInt(bytesToHex(b.digest)) % secp256k1N;
    const k = (h * invert(s)) % secp256k1N;
    if (k === 0n) return withSignature(b, rsv(b.r, b.s, 27));
    const R = secp256k1.Point.BASE.multiply(k).toAffine();
    if (R.x >= secp256k1N) return withSignature(b, rsv(b.r, b.s, 27));
    return withSignature(b, rsv(R.x, s, R.y % 2n === 0n ? 27 : 28));
  },
  "signature:upperCase": (_, b) =>
    withSignature(b, `0x${(b.params.signature as string).slice(2).toUpperCase()}`),
  "signature:uniform": (rng, b) =>
    withSignature(b, `0x${byteHex(rng.pick([0, 0xff, 0x1b, 0x1c]) as number).repeat(65)}`),
};

type WordMutation = (rng: SeededRng, base: Base) => DifferentialVector;

/**
 * Mutations that come with their seven signed words, so that the Solidity verifier judges the
 * very bytes the TypeScript verifiers refuse to build: the other layout's reading of a genuine
 * signature, the layout rule's boundaries, and random words.
 */
const wordMutations: Record<string, WordMutation> = {
  // The same 224 signed bytes read in the other layout: v1 as v2, or v2 as v1.
  "layout:otherReading": (rng, b) => {
    const w4 = b.words[4] as Uint8Array;
    const w5 = b.words[5] as Uint8Array;
    const data = b.params.requestData;
    const common = {
      originChainId: data.originChainId,
      originUser: data.originUser,
      originCurrency: data.originCurrency,
    };
    if (b.params.version === "v2") {
      // v2 -> v1: destinationChainId becomes the amount, destinationUser the chain id.
      const requestData = {
        ...common,
        originAmount: wordValue(w4).toString(),
        destinationChainId: chainIdValue(rng, wordValue(w5)),
        destinationUser: data.destinationCurrency,
      };
      return { kind: "", params: { ...b.params, requestData, version: "v1" }, words: b.words };
    }
    // v1 -> v2: the amount becomes destinationChainId, destinationChainId the destinationUser.
    const requestData = {
      ...common,
      destinationChainId: chainIdValue(rng, wordValue(w4)),
      destinationUser: evmAddressOf(wordValue(w5)),
      destinationCurrency: data.destinationUser,
    };
    return { kind: "", params: { ...b.params, requestData, version: "v2" }, words: b.words };
  },
  // A chain id or an account at the rule's edge, re-signed so only the rule can refuse it.
  "layout:boundary": (rng, b) => {
    const v2 = b.params.version === "v2";
    const slots = v2
      ? { originChainId: 1, originUser: 2, destinationChainId: 4, destinationUser: 5 }
      : { originChainId: 1, originUser: 2, destinationChainId: 5, destinationUser: 6 };
    const field = rng.pick(Object.keys(slots)) as keyof typeof slots;
    const isChain = field.endsWith("ChainId");
    const value = isChain
      ? rng.pick([maxChainId - 1n, maxChainId, maxChainId + 1n, 2n ** 64n, 2n ** 256n - 1n])
      : rng.pick([0n, 1n, 8453n, maxChainId, maxChainId + 1n, maxChainId + 2n]);
    const words = [...b.words];
    words[slots[field]] = wordOf(value);
    let changes: Record<string, unknown>;
    let vmTypes = b.params.vmTypes;
    if (isChain) {
      // The chain's addresses keep their words: an svm override keeps base58 fields as they are.
      changes = { [field]: chainIdValue(rng, value) };
      const old = field === "originChainId" ? b.originChainId : b.destinationChainId;
      vmTypes = { ...vmTypes, [value.toString()]: vmOf(old) };
      if (vmOf(old) !== "evm" && vmOf(old) !== "svm") return { kind: "", params: b.params, words: b.words };
    } else {
      const chainId = field === "originUser" ? b.originChainId : b.destinationChainId;
      changes = { [field]: vmOf(chainId) === "svm" ? base58.encode(wordOf(value)) : evmAddressOf(value) };
      if (vmOf(chainId) !== "evm" && vmOf(chainId) !== "svm" && vmOf(chainId) !== "hypevm")
        return { kind: "", params: b.params, words: b.words };
    }
    const params: Params = { ...withData(b, changes), signature: signatureOver(b, words) };
    if (vmTypes) params.vmTypes = vmTypes as Record<string, VmType>;
    return { kind: "", params, words };
  },
  // Seven random words, signed, read as the base's version: chain ids and accounts of any size.
  "words:random": (rng, b) => {
    const randomWord = () => {
      const roll = rng.next();
      if (roll < 0.35) return wordOf(rng.bigint(rng.int(54)));
      if (roll < 0.45) return wordOf(rng.pick([maxChainId, maxChainId + 1n, 0n]));
      if (roll < 0.6) return wordOf(rng.bigint(160));
      return rng.bytes(32);
    };
    const words = Array.from({ length: 7 }, randomWord);
    words[0] = b.words[0] as Uint8Array;
    const v2 = b.params.version === "v2";
    const names = v2
      ? [
          "originChainId",
          "originUser",
          "originCurrency",
          "destinationChainId",
          "destinationUser",
          "destinationCurrency",
        ]
      : [
          "originChainId",
          "originUser",
          "originCurrency",
          "originAmount",
          "destinationChainId",
          "destinationUser",
        ];
    // Every address field is read as 32 raw bytes (Solana's rule) on both chains, so that any
    // word is representable; the chain ids decide the rest.
    const requestData: Record<string, unknown> = {};
    const vmTypes: Record<string, VmType> = {};
    names.forEach((name, i) => {
      const value = wordValue(words[i + 1] as Uint8Array);
      if (name.endsWith("ChainId")) {
        requestData[name] = chainIdValue(rng, value);
        vmTypes[value.toString()] = "svm";
      } else if (name === "originAmount") requestData[name] = value.toString();
      else requestData[name] = base58.encode(words[i + 1] as Uint8Array);
    });
    const params: Params = {
      requestId: b.params.requestId,
      requestData,
      signature: signatureOver(b, words),
      vmTypes,
      solvers: [b.signer],
    };
    if (v2) params.version = "v2";
    return { kind: "", params, words };
  },
};

const kinds = [...Object.keys(mutations), ...Object.keys(wordMutations)];

/** Every mutation kind; each seed runs each of them at least four times. */
export const mutationKinds: readonly string[] = kinds.map((kind) => `mutate:${kind}`);

function mutate(rng: SeededRng, kind: string, base: Base): DifferentialVector {
  const words = wordMutations[kind];
  if (words) return { ...words(rng, base), kind: `mutate:${kind}` };
  return { kind: `mutate:${kind}`, params: (mutations[kind] as Mutation)(rng, base) };
}

/** Every verdict and every error both verifiers can reach; each seed must reach them all. */
export const expectedOutcomes: readonly string[] = [
  "valid",
  "reason:signer-not-allowed",
  "reason:invalid-v",
  "reason:invalid-r",
  "reason:invalid-s",
  "reason:high-s",
  "reason:unrecoverable",
  "error:MissingFieldError",
  "error:InvalidRequestIdError",
  "error:InvalidChainIdError",
  "error:AccountWordOutOfRangeError",
  "error:InvalidAmountError",
  "error:InvalidAddressError",
  "error:UnsupportedVmTypeError",
  "error:InvalidEncoderOutputError",
  "error:InvalidSignatureHexError",
  "error:InvalidSignatureLengthError",
];

/**
 * The split of the differential run over four test files (one seed each, so both cores work):
 * 4 x 440 bases x 6 vectors = 10,560 vectors, each file asserting at least 2,500.
 */
export const differentialPlan = { seeds: [1, 2, 3, 4], bases: 440, minimumPerSeed: 2_500 } as const;

/** Two mutations at once: the verifiers must also agree on which problem is reported first. */
function combine(rng: SeededRng, base: Base): { kind: string; params: Params } {
  const plain = Object.keys(mutations);
  const first = rng.pick(plain);
  const second = rng.pick(plain);
  const a = (mutations[first] as Mutation)(rng, base);
  const b = (mutations[second] as Mutation)(rng, base);
  // Take the second's changed top-level and requestData keys on top of the first.
  const params: Params = { ...a, requestData: { ...a.requestData } };
  for (const key of Object.keys(b) as (keyof Params)[])
    if (key !== "requestData" && b[key] !== base.params[key])
      (params as Record<string, unknown>)[key] = b[key];
  for (const key of Object.keys(b.requestData))
    if (b.requestData[key] !== base.params.requestData[key]) params.requestData[key] = b.requestData[key];
  return { kind: "combined", params };
}

async function outcomeOf(run: () => unknown): Promise<Outcome> {
  try {
    const result = (await run()) as Record<string, unknown>;
    return {
      threw: false,
      valid: result.valid as boolean,
      signer: result.signer as string | null,
      reason: result.reason as string | undefined,
      hasReasonKey: "reason" in result,
      encoded: result.encoded as string,
      hash: result.hash as string,
      digest: result.digest as string,
    };
  } catch (error) {
    const e = error as Record<string, unknown> & { constructor: { name: string } };
    return { threw: true, error: e.constructor.name, field: e.field, length: e.length, reason: e.reason };
  }
}

function outcomeLabel(outcome: Outcome): string {
  if (outcome.threw) return `error:${outcome.error}`;
  return outcome.valid ? "valid" : `reason:${outcome.reason}`;
}

function toJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    typeof v === "bigint"
      ? `${v}n`
      : typeof v === "function"
        ? "[encoder]"
        : v === undefined
          ? "[undefined]"
          : v,
  );
}

export type RunDifferentialParameters = {
  /** PRNG seed: each seed is a different, reproducible set of vectors. */
  seed: number;
  /** Random base attestations; each yields one valid vector and `mutationsPerBase` mutated ones. */
  bases: number;
  /** Mutated vectors per base (default 5): the first cycle through every kind, then random kinds. */
  mutationsPerBase?: number;
  /** The onchain verifier; without it only the three TypeScript verifiers are compared. */
  solidity?: SolidityVerifier | undefined;
};

/** Off-chain errors and the `AttestationLib` custom errors they correspond to. */
const onchainErrors: Record<string, string> = {
  InvalidChainIdError: "AttestationChainIdOutOfRange",
  AccountWordOutOfRangeError: "AttestationAccountOutOfRange",
  InvalidSignatureLengthError: "AttestationInvalidSignatureLength",
  "invalid-v": "AttestationInvalidSignatureV",
  "invalid-r": "AttestationInvalidSignatureR",
  "invalid-s": "AttestationInvalidSignatureS",
  "high-s": "AttestationHighSignatureS",
  unrecoverable: "AttestationUnrecoverableSignature",
};

/** The audit's fast engine when libsecp256k1 loads (its noble engine is compared in src/audit). */
const auditEngine = loadNativeSecp256k1().binding ? "native" : "noble";

/** The audit's verdict in the shape of `outcomeOf`, or null when the audit cannot take the vector. */
function auditOutcome(cache: Map<string, EntryVerifier | null>, params: Params): Outcome | null {
  if (params.encoders) return null; // Encoders are functions: they cannot cross to audit workers.
  const key = toJson([params.solvers, params.version, params.vmTypes]);
  let verify = cache.get(key);
  if (verify === undefined) {
    try {
      verify = createEntryVerifier({
        solvers: (params.solvers as string[] | undefined) ?? undefined,
        version: params.version,
        vmTypes: params.vmTypes,
        engine: auditEngine,
      });
    } catch {
      verify = null; // A malformed solver is refused once, up front, not per entry.
    }
    cache.set(key, verify);
  }
  if (verify === null) return null;
  const result = verify(params) as Record<string, unknown>;
  if ("error" in result) {
    const error = result.error as { name: string; field?: string };
    return { threw: true, error: error.name, field: error.field, length: undefined, reason: undefined };
  }
  return {
    threw: false,
    valid: result.valid as boolean,
    signer: result.signer as string | null,
    reason: result.reason as string | undefined,
    hasReasonKey: "reason" in result,
    encoded: result.encoded as string,
    hash: result.hash as string,
    digest: result.digest as string,
  };
}

/** The part of an outcome the audit reports (errors by name and field only). */
function auditView(outcome: Outcome): unknown {
  return outcome.threw ? { error: outcome.error, field: outcome.field } : outcome;
}

/** The seven words of a vector, when they exist: from the TypeScript encoding or attached. */
function wordsOf(vector: DifferentialVector, outcome: Outcome): string[] | null {
  if (!outcome.threw) {
    const hex = outcome.encoded.slice(2);
    return Array.from({ length: 7 }, (_, i) => `0x${hex.slice(64 * i, 64 * i + 64)}`);
  }
  return vector.words ? vector.words.map((w) => bytesToHex(w)) : null;
}

/**
 * What the Solidity verifier must say, given the TypeScript outcome, or null when the vector has
 * no onchain form (a field too malformed to become a word, a signature that is not hex, a bad
 * solver list).
 */
function expectedOnchain(outcome: Outcome, solvers: string[]): SolidityVerdict | null {
  if (outcome.threw) {
    const error = onchainErrors[outcome.error];
    return error ? { error, signer: null, valid: solvers.map(() => false) } : null;
  }
  const rule =
    outcome.reason && outcome.reason !== "signer-not-allowed" ? onchainErrors[outcome.reason] : undefined;
  if (rule) return { error: rule, signer: null, valid: solvers.map(() => false) };
  const signer = (outcome.signer as string).toLowerCase();
  return { error: null, signer, valid: solvers.map((solver) => solver.toLowerCase() === signer) };
}

/**
 * Runs seeded random attestations and their mutations through `verifyAttestation` (viem),
 * `verifyAttestationNoble`, the bulk audit's entry verifier and (when given) the Solidity
 * `AttestationVerifier`, and records where any two disagree.
 *
 * @param parameters - {@link RunDifferentialParameters}
 * @returns Counts and the disagreeing vectors. {@link DifferentialReport}
 * @example
 * const { count, mismatchCount } = await runDifferential({ seed: 1, bases: 400 })
 */
export async function runDifferential({
  seed,
  bases,
  mutationsPerBase = 5,
  solidity,
}: RunDifferentialParameters): Promise<DifferentialReport> {
  const rng = new SeededRng(seed);
  const report: DifferentialReport = {
    count: 0,
    kinds: new Map(),
    outcomes: new Map(),
    mismatches: [],
    mismatchCount: 0,
    auditCount: 0,
    solidityCount: 0,
  };
  const audits = new Map<string, EntryVerifier | null>();
  const mismatch = (vector: DifferentialVector, detail: Record<string, unknown>) => {
    report.mismatchCount++;
    if (report.mismatches.length < 20)
      report.mismatches.push(toJson({ seed, kind: vector.kind, params: vector.params, ...detail }));
  };
  let cursor = 0;
  for (let i = 0; i < bases; i++) {
    const base = baseVector(rng);
    const vectors: DifferentialVector[] = [{ kind: "valid", params: base.params }];
    for (let j = 0; j < mutationsPerBase; j++) {
      if (rng.chance(0.08)) {
        vectors.push(combine(rng, base));
        continue;
      }
      // Round-robin over the kinds first so every kind runs in every seed, then random ones.
      const kind = cursor < kinds.length * 4 ? (kinds[cursor % kinds.length] as string) : rng.pick(kinds);
      cursor++;
      vectors.push(mutate(rng, kind, base));
    }
    for (const vector of vectors) {
      const noble = await outcomeOf(() =>
        verifyAttestationNoble(vector.params as VerifyAttestationNobleParameters),
      );
      const viem = await outcomeOf(() => verifyAttestation(vector.params as never));
      report.count++;
      report.kinds.set(vector.kind, (report.kinds.get(vector.kind) ?? 0) + 1);
      const label = outcomeLabel(noble);
      report.outcomes.set(label, (report.outcomes.get(label) ?? 0) + 1);
      if (toJson(noble) !== toJson(viem)) mismatch(vector, { noble, viem });

      const audit = auditOutcome(audits, vector.params);
      if (audit) {
        report.auditCount++;
        if (toJson(auditView(audit)) !== toJson(auditView(noble))) mismatch(vector, { noble, audit });
      }

      if (solidity) {
        const words = wordsOf(vector, noble);
        const signature = vector.params.signature;
        const solvers = ((vector.params.solvers as string[] | undefined) ?? [solverAddress]).map(String);
        const expected = expectedOnchain(noble, solvers);
        if (words && expected && typeof signature === "string" && /^0x([0-9a-fA-F]{2})*$/.test(signature)) {
          report.solidityCount++;
          const onchain = await solidity.check({
            version: vector.params.version ?? "v1",
            words,
            signature,
            solvers,
          });
          if (toJson(onchain) !== toJson(expected)) mismatch(vector, { noble, expected, onchain });
        }
      }
    }
  }
  return report;
}

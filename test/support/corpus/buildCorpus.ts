// Test support: THE seeded corpus builder. Every randomized corpus of the tests comes from here,
// reproducible from its seed alone: the differential runs of every attestation verifier and of both
// order verifiers, and the bulk audit's corpus.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58 } from "@scure/base";
import { chainIds, secp256k1N } from "../../../packages/attestkit/src/attestation/constants.js";
import { bytesToHex } from "../../../packages/attestkit/src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../../packages/attestkit/src/attestation/noble/checksumAddress.js";
import {
  type EncodeAttestationNobleParameters,
  encodeAttestationNoble,
} from "../../../packages/attestkit/src/attestation/noble/encodeAttestationNoble.js";
import { publicKeyToAddress } from "../../../packages/attestkit/src/attestation/noble/publicKeyToAddress.js";
import type {
  AttestationVersion,
  Bytes32Encoder,
  VmType,
} from "../../../packages/attestkit/src/attestation/types.js";
import {
  auditKinds,
  type Base,
  type CorpusVector,
  combine,
  differentialKinds,
  mutate,
  type Params,
} from "./mutations.js";
import { type OrderCorpusParams, orderBase, orderKinds, orderMutations } from "./orders.js";
import { SeededRng } from "./SeededRng.js";
import {
  accountFor,
  addressFor,
  amountAs,
  byteHex,
  chainIdAs,
  evmAddress,
  hashEncoder,
  randomAmount,
  randomChainId,
  rsv,
  signWords,
  vmOf,
  word,
} from "./values.js";

export type { CorpusVector, Params } from "./mutations.js";
export type { OrderCorpusParams } from "./orders.js";

/** One order vector of the corpus: what was done to it and what both order verifiers get. */
export type OrderCorpusVector = { kind: string; params: OrderCorpusParams };

/** A random attestation across every kind of chain, address form and solver list, signed by a random key. */
function differentialBase(rng: SeededRng): Base {
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
  const { encoded, words } = encodeAttestationNoble(params as EncodeAttestationNobleParameters);
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
    version,
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

const keyOf = (label: string) => keccak_256(new TextEncoder().encode(label));
const addressOfKey = (key: Uint8Array) => publicKeyToAddress(secp256k1.getPublicKey(key, false));
const auditKeys = {
  a: keyOf("attestkit/audit/solver-a"),
  b: keyOf("attestkit/audit/solver-b"),
  outsider: keyOf("attestkit/audit/outsider"),
};

/** The audit profile's allowed solvers (A signs most entries, B some) and a key that is not allowed. */
export const corpusKeys = {
  solverA: addressOfKey(auditKeys.a),
  solverB: addressOfKey(auditKeys.b),
  outsider: addressOfKey(auditKeys.outsider),
};

const auditChains = [1, 10, 8453, 42161, "137", chainIds.solana] as const;
const auditAddress = (rng: SeededRng, chainId: unknown) =>
  chainId === chainIds.solana ? base58.encode(rng.bytes(32)) : evmAddress(rng, rng.bytes(20));

/** Signs the base's request with `key` (the v byte as given) and completes the base. */
function signBase(
  key: Uint8Array,
  params: Params,
  version: AttestationVersion,
  chains: { originChainId: number; destinationChainId: number },
  v: (recovery: number) => number,
): Base {
  const { encoded, words } = encodeAttestationNoble(params as EncodeAttestationNobleParameters);
  const { digest, r, s, recovery } = signWords(key, [encoded]);
  params.signature = rsv(r, s, v(recovery));
  return {
    params,
    version,
    words: words.map(([, w]) => w),
    secretKey: key,
    signer: addressOfKey(key).toLowerCase(),
    r,
    s,
    recovery,
    digest,
    ...chains,
  };
}

/** An EVM or Solana attestation signed by audit solver A (60 %), B (25 %) or the outsider. */
function auditBase(rng: SeededRng, version: AttestationVersion): Base {
  const originChainId = rng.pick(auditChains);
  const destinationChainId = rng.pick(auditChains);
  const requestData: Record<string, unknown> = {
    originChainId,
    originUser: auditAddress(rng, originChainId),
    originCurrency: auditAddress(rng, originChainId),
    originAmount: BigInt(bytesToHex(rng.bytes(1 + rng.int(32)))).toString(),
    destinationChainId,
    destinationUser: auditAddress(rng, destinationChainId),
  };
  if (version === "v2") requestData.destinationCurrency = auditAddress(rng, destinationChainId);
  const requestId = bytesToHex(rng.bytes(32));
  const roll = rng.next();
  const key = roll < 0.6 ? auditKeys.a : roll < 0.85 ? auditKeys.b : auditKeys.outsider;
  const chains = { originChainId: Number(originChainId), destinationChainId: Number(destinationChainId) };
  const params: Params = { requestId, requestData, signature: "0x" };
  // The version is the audit's option, not part of each record.
  const signed = signBase(key, { ...params, version }, version, chains, (recovery) =>
    rng.next() < 0.9 ? 27 + recovery : recovery,
  );
  return { ...signed, params: { requestId, requestData, signature: signed.params.signature } };
}

/** The orders profile (see {@link buildCorpus}). */
export type BuildOrderCorpusParameters = {
  /**
   * Signed orders (protocol.v2, v1 and v2 layouts) over every VM and chain slug, with legacy
   * Bitcoin encodings, solver lists and payment details; per base, the order as signed and
   * `mutationsPerBase` mutated ones (the first rounds cycle through every kind four times).
   */
  profile: "orders";
  seed: number;
  bases: number;
  /** Default 5. */
  mutationsPerBase?: number | undefined;
};

export type BuildCorpusParameters =
  | {
      /**
       * Every verifier's input space: random chains (EVM, Solana, the VMs that need an encoder),
       * address forms, amounts, solver lists and keys; per base, the valid vector and
       * `mutationsPerBase` mutated ones (8 % combining two mutations; the first rounds cycle
       * through every kind four times, then kinds are random).
       */
      profile: "differential";
      seed: number;
      bases: number;
      /** Default 5. */
      mutationsPerBase?: number | undefined;
    }
  | {
      /**
       * Records as a bulk audit reads them (request id, request data, signature; no options): EVM
       * and Solana attestations signed by `corpusKeys`' solvers A and B or the outsider; every other
       * entry mutated, cycling through `auditKinds`.
       */
      profile: "audit";
      seed: number;
      count: number;
      /** Default v1. */
      version?: AttestationVersion | undefined;
    };

/**
 * Builds a seeded corpus of attestation vectors: the same seed always gives the same vectors, so a
 * failing vector is reproduced from its seed alone. Profiles differ in what they draw (see
 * {@link BuildCorpusParameters}); the generator, the values and the mutation catalogue are shared.
 *
 * @param parameters - {@link BuildCorpusParameters}
 * @returns The vectors, each with its kind (`valid`, `signed`, `combined`, `mutate:<kind>` or `<kind>`).
 * @example
 * for (const { kind, params } of buildCorpus({ profile: "differential", seed: 1, bases: 440 })) ...
 */
export function buildCorpus(parameters: BuildOrderCorpusParameters): OrderCorpusVector[];
export function buildCorpus(parameters: BuildCorpusParameters): CorpusVector[];
export function buildCorpus(
  parameters: BuildCorpusParameters | BuildOrderCorpusParameters,
): CorpusVector[] | OrderCorpusVector[] {
  const rng = new SeededRng(parameters.seed);
  if (parameters.profile === "orders") {
    const { bases, mutationsPerBase = 5 } = parameters;
    const orders: OrderCorpusVector[] = [];
    let cursor = 0;
    for (let i = 0; i < bases; i++) {
      const base = orderBase(rng);
      orders.push({ kind: "valid", params: base.params });
      for (let j = 0; j < mutationsPerBase; j++) {
        const kind =
          cursor < orderKinds.length * 4
            ? (orderKinds[cursor % orderKinds.length] as string)
            : rng.pick(orderKinds);
        cursor++;
        orders.push({
          kind: `mutate:${kind}`,
          params: (orderMutations[kind] as (typeof orderMutations)[string])(rng, base),
        });
      }
    }
    return orders;
  }
  const out: CorpusVector[] = [];
  if (parameters.profile === "differential") {
    const { bases, mutationsPerBase = 5 } = parameters;
    let cursor = 0;
    for (let i = 0; i < bases; i++) {
      const base = differentialBase(rng);
      out.push({ kind: "valid", params: base.params });
      for (let j = 0; j < mutationsPerBase; j++) {
        if (rng.chance(0.08)) {
          out.push(combine(rng, base));
          continue;
        }
        // Round-robin over the kinds first so every kind runs in every seed, then random ones.
        const kind =
          cursor < differentialKinds.length * 4
            ? (differentialKinds[cursor % differentialKinds.length] as string)
            : rng.pick(differentialKinds);
        cursor++;
        out.push(mutate(rng, kind, base));
      }
    }
    return out;
  }
  const { count, version = "v1" } = parameters;
  for (let i = 0; i < count; i++) {
    const base = auditBase(rng, version);
    if (i % 2 === 0) out.push({ kind: "signed", params: base.params });
    else {
      const kind = auditKinds[(i >> 1) % auditKinds.length] as string;
      out.push({ ...mutate(rng, kind, base), kind });
    }
  }
  return out;
}

/** An entry of the audit profile as a record: what was done to it and the attestation. */
export type AuditCorpusEntry = {
  kind: string;
  attestation: { requestId: unknown; requestData: Record<string, unknown>; signature: unknown };
};

/**
 * The audit profile of {@link buildCorpus}, as records: about half signed and untouched, the rest
 * cycling through every kind of {@link corpusMutationKinds}.
 *
 * @param parameters - The seed, the count and the version (default v1).
 * @returns The entries.
 * @example
 * const attestations = buildAuditCorpus({ seed: 11, count: 1_600 }).map((entry) => entry.attestation)
 */
export function buildAuditCorpus({
  seed,
  count,
  version,
}: {
  seed: number;
  count: number;
  version?: AttestationVersion;
}): AuditCorpusEntry[] {
  return buildCorpus({ profile: "audit", seed, count, version }).map(({ kind, params }) => ({
    kind,
    attestation: params,
  }));
}

/** Every mutation kind of the audit profile; each appears in a corpus of a few hundred entries. */
export const corpusMutationKinds: readonly string[] = auditKinds;

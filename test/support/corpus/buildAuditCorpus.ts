// Test support: seeded random attestations signed by a small fixed solver set, and mutations of
// them that reach every verdict and every error the reference verifiers can give.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58 } from "@scure/base";
import { chainIds, secp256k1HalfN, secp256k1N } from "../../../src/attestation/constants.js";
import { bytesToHex } from "../../../src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../../src/attestation/noble/checksumAddress.js";
import { encodeAttestationNoble } from "../../../src/attestation/noble/encodeAttestationNoble.js";
import { personalDigest } from "../../../src/attestation/noble/personalDigest.js";
import { publicKeyToAddress } from "../../../src/attestation/noble/publicKeyToAddress.js";
import type { AttestationVersion } from "../../../src/attestation/types.js";
import { SeededRng } from "./SeededRng.js";

const keyOf = (label: string) => keccak_256(new TextEncoder().encode(`attestkit/audit/${label}`));
const keys = { a: keyOf("solver-a"), b: keyOf("solver-b"), outsider: keyOf("outsider") };
const addressOf = (key: Uint8Array) => publicKeyToAddress(secp256k1.getPublicKey(key, false));

/** The corpus's allowed solvers (A signs most entries, B some) and a key that is not allowed. */
export const corpusKeys = {
  solverA: addressOf(keys.a),
  solverB: addressOf(keys.b),
  outsider: addressOf(keys.outsider),
};

/** One corpus entry: the attestation and what was done to it. */
export type CorpusEntry = {
  kind: string;
  attestation: { requestId: unknown; requestData: Record<string, unknown>; signature: unknown };
};

const word = (value: bigint) => value.toString(16).padStart(64, "0");
const rsv = (r: bigint, s: bigint, v: number) => `0x${word(r)}${word(s)}${v.toString(16).padStart(2, "0")}`;
function evmAddress(random: SeededRng): string {
  const bytes = random.bytes(20);
  const roll = random.next();
  return roll < 0.4
    ? bytesToHex(bytes)
    : roll < 0.8
      ? checksumAddress(bytes)
      : `0x${bytesToHex(bytes).slice(2).toUpperCase()}`;
}
const chains = [1, 10, 8453, 42161, "137", chainIds.solana];
const addressOn = (random: SeededRng, chainId: unknown) =>
  chainId === chainIds.solana ? base58.encode(random.bytes(32)) : evmAddress(random);

type Signed = {
  attestation: CorpusEntry["attestation"];
  r: bigint;
  s: bigint;
  recovery: number;
  digest: Uint8Array;
};

function signedEntry(random: SeededRng, version: AttestationVersion): Signed {
  const originChainId = random.pick(chains);
  const destinationChainId = random.pick(chains);
  const requestData: Record<string, unknown> = {
    originChainId,
    originUser: addressOn(random, originChainId),
    originCurrency: addressOn(random, originChainId),
    originAmount: BigInt(bytesToHex(random.bytes(1 + random.int(32)))).toString(),
    destinationChainId,
    destinationUser: addressOn(random, destinationChainId),
  };
  if (version === "v2") requestData.destinationCurrency = addressOn(random, destinationChainId);
  const requestId = bytesToHex(random.bytes(32));
  const { encoded } = encodeAttestationNoble({ requestId, requestData, version });
  const digest = personalDigest(keccak_256(encoded));
  const roll = random.next();
  const key = roll < 0.6 ? keys.a : roll < 0.85 ? keys.b : keys.outsider;
  const signed = secp256k1.sign(digest, key, { prehash: false, format: "recovered" });
  const recovery = signed[0] as number;
  const r = BigInt(bytesToHex(signed.subarray(1, 33)));
  const s = BigInt(bytesToHex(signed.subarray(33, 65)));
  const v = random.next() < 0.9 ? 27 + recovery : recovery;
  return { attestation: { requestId, requestData, signature: rsv(r, s, v) }, r, s, recovery, digest };
}

const inverse = (value: bigint) => secp256k1.Point.Fn.inv(value);

const mutations: Record<string, (random: SeededRng, signed: Signed) => CorpusEntry["attestation"]> = {
  "tamper:amount": (_, { attestation: a }) => ({
    ...a,
    requestData: {
      ...a.requestData,
      originAmount: (BigInt(a.requestData.originAmount as string) + 1n).toString(),
    },
  }),
  "tamper:requestId": (_, { attestation: a }) => ({
    ...a,
    requestId: `${(a.requestId as string).slice(0, -1)}${(a.requestId as string).endsWith("0") ? "1" : "0"}`,
  }),
  "tamper:user": (random, { attestation: a }) => ({
    ...a,
    requestData: { ...a.requestData, destinationUser: addressOn(random, a.requestData.destinationChainId) },
  }),
  "signature:vFlipped": (_, { attestation: a, r, s, recovery }) => ({
    ...a,
    signature: rsv(r, s, 28 - recovery),
  }),
  "signature:vInvalid": (random, { attestation: a, r, s }) => ({
    ...a,
    signature: rsv(r, s, random.pick([2, 3, 26, 29, 35, 255])),
  }),
  "signature:highS": (_, { attestation: a, r, s, recovery }) => ({
    ...a,
    signature: rsv(r, secp256k1N - s, 28 - recovery),
  }),
  "signature:rEdge": (random, { attestation: a, s, recovery }) => ({
    ...a,
    signature: rsv(random.pick([0n, secp256k1N, secp256k1N + 1n, 2n ** 256n - 1n]), s, 27 + recovery),
  }),
  "signature:sEdge": (random, { attestation: a, r, recovery }) => ({
    ...a,
    signature: rsv(r, random.pick([0n, secp256k1HalfN, secp256k1HalfN + 1n, secp256k1N]), 27 + recovery),
  }),
  // About half of all x values are on the curve: the rest are unrecoverable.
  "signature:randomR": (random, { attestation: a, s }) => ({
    ...a,
    signature: rsv(1n + (BigInt(bytesToHex(random.bytes(32))) % (secp256k1N - 1n)), s, random.pick([27, 28])),
  }),
  // s R = e G: the recovered point (s R - e G) / r is the point at infinity.
  "signature:infinity": (random, { attestation: a, digest }) => {
    const s = 1n + (BigInt(bytesToHex(random.bytes(31))) % secp256k1HalfN);
    const e = BigInt(bytesToHex(digest)) % secp256k1N;
    const R = secp256k1.Point.BASE.multiply((e * inverse(s)) % secp256k1N).toAffine();
    return { ...a, signature: rsv(R.x, s, R.y % 2n === 0n ? 27 : 28) };
  },
  "signature:length": (random, { attestation: a }) => {
    const hex = (a.signature as string).slice(2);
    return { ...a, signature: `0x${random.pick([hex.slice(0, 128), `${hex}00`, ""])}` };
  },
  "signature:hex": (random, { attestation: a }) => ({
    ...a,
    signature: random.pick([
      (a.signature as string).slice(2),
      `${(a.signature as string).slice(0, -1)}g`,
      27,
      null,
    ]),
  }),
  "field:amount": (random, { attestation: a }) => ({
    ...a,
    requestData: { ...a.requestData, originAmount: random.pick(["1.5", "-1", "0x10", "", 1000]) },
  }),
  "field:checksum": (_, { attestation: a }) => ({
    ...a,
    requestData: { ...a.requestData, originUser: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" },
  }),
  "field:requestId": (random, { attestation: a }) => ({
    ...a,
    requestId: random.pick(["0x12", (a.requestId as string).slice(2), undefined]),
  }),
  "field:missing": (random, { attestation: a }) => {
    const requestData = { ...a.requestData };
    delete requestData[random.pick(["originChainId", "originUser", "destinationUser", "destinationChainId"])];
    return { ...a, requestData };
  },
  "field:chainId": (random, { attestation: a }) => ({
    ...a,
    requestData: { ...a.requestData, originChainId: random.pick([-1, 1.5, "0x1", 2 ** 53]) },
  }),
  "field:unsupportedVm": (random, { attestation: a }) => ({
    ...a,
    requestData: {
      ...a.requestData,
      destinationChainId: chainIds.bitcoin,
      destinationUser: `bc1q${random.int(1e9)}`,
    },
  }),
  "field:noRequestData": (_, { attestation: a }) =>
    ({ requestId: a.requestId, signature: a.signature }) as never,
};

/** Every mutation kind; each appears in a corpus of a few hundred entries. */
export const corpusMutationKinds = Object.keys(mutations);

/**
 * Builds `count` entries from `seed`: about half are signed and untouched, the rest cycle through
 * every mutation kind.
 */
export function buildAuditCorpus({
  seed,
  count,
  version = "v1",
}: {
  seed: number;
  count: number;
  version?: AttestationVersion;
}): CorpusEntry[] {
  const random = new SeededRng(seed);
  const out: CorpusEntry[] = [];
  for (let i = 0; i < count; i++) {
    const signed = signedEntry(random, version);
    if (i % 2 === 0) out.push({ kind: "signed", attestation: signed.attestation });
    else {
      const kind = corpusMutationKinds[(i >> 1) % corpusMutationKinds.length] as string;
      out.push({ kind, attestation: (mutations[kind] as (typeof mutations)[string])(random, signed) });
    }
  }
  return out;
}

// Test support: THE catalogue of attestation mutations, by kind. Each takes a signed base and
// returns what a verifier gets; the profiles of buildCorpus pick the kinds they run.
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base58 } from "@scure/base";
import {
  chainIds,
  secp256k1HalfN,
  secp256k1N,
} from "../../../packages/attestkit/src/attestation/constants.js";
import { bytesToHex } from "../../../packages/attestkit/src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../../packages/attestkit/src/attestation/noble/checksumAddress.js";
import type { Bytes32Encoder, VmType } from "../../../packages/attestkit/src/attestation/types.js";
import type { SeededRng } from "./SeededRng.js";
import {
  addressFor,
  amountAs,
  byteHex,
  chainIdAs,
  chainIdValue,
  evmAddress,
  evmAddressOf,
  evmChains,
  hashEncoder,
  invert,
  lookalikeHex,
  maxChainId,
  otherChains,
  randomAmount,
  rsv,
  signWords,
  svmAddress,
  vmOf,
  word,
  wordOf,
  wordValue,
} from "./values.js";

/** What every verifier gets: the attestation and the options. */
export type Params = {
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
  solvers?: unknown[];
  version?: "v1" | "v2";
  vmTypes?: Record<string, VmType>;
  encoders?: Partial<Record<VmType, Bytes32Encoder>>;
};

/**
 * One vector of the corpus: what was done to it, the parameters every verifier gets and, for
 * vectors whose tuple the TypeScript verifiers refuse to build (the layout rule), the seven signed
 * words that the Solidity verifier gets instead.
 */
export type CorpusVector = { kind: string; params: Params; words?: Uint8Array[] };

/** A signed attestation the mutations start from. */
export type Base = {
  params: Params;
  /** The version the base was signed in (the params may leave it implicit). */
  version: "v1" | "v2";
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

/** A 65-byte signature over `words` by the base's key. */
export function signatureOver(base: Base, words: Uint8Array[]): string {
  const { r, s, recovery } = signWords(base.secretKey, words);
  return `0x${word(r)}${word(s)}${byteHex(27 + recovery)}`;
}

/** A mutation: new parameters from a base, drawing what it needs from the generator. */
export type Mutation = (rng: SeededRng, base: Base) => Params;

const withData = (base: Base, changes: Record<string, unknown>): Params => ({
  ...base.params,
  requestData: { ...base.params.requestData, ...changes },
});
const withSignature = (base: Base, signature: unknown): Params => ({ ...base.params, signature });
const flipDigit = (rng: SeededRng, hex: string) => {
  const i = 2 + rng.int(hex.length - 2);
  const digit = Number.parseInt(hex.charAt(i), 16);
  return hex.slice(0, i) + ((digit + 1 + rng.int(15)) % 16).toString(16) + hex.slice(i + 1);
};
const currentV = (base: Base) => Number.parseInt((base.params.signature as string).slice(-2), 16);

const addressFields = (base: Base) =>
  base.version === "v2"
    ? ["originUser", "originCurrency", "destinationUser", "destinationCurrency"]
    : ["originUser", "originCurrency", "destinationUser"];
const chainOf = (base: Base, field: string) =>
  field.startsWith("origin") ? base.originChainId : base.destinationChainId;
const requiredFields = (base: Base) =>
  base.version === "v2"
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

/** The mutations of request fields and signature bytes, by kind. */
export const mutations: Record<string, Mutation> = {
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
      lookalikeHex(rng, id),
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
      lookalikeHex(rng, value),
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
  // Digits swapped for characters whose low byte is the digit: Node's hex decoder reads them as hex.
  "signature:lookalike": (rng, b) => withSignature(b, lookalikeHex(rng, b.params.signature as string)),
  "signature:upperCase": (_, b) =>
    withSignature(b, `0x${(b.params.signature as string).slice(2).toUpperCase()}`),
  "signature:uniform": (rng, b) =>
    withSignature(b, `0x${byteHex(rng.pick([0, 0xff, 0x1b, 0x1c]) as number).repeat(65)}`),
};

type WordMutation = (rng: SeededRng, base: Base) => CorpusVector;

/**
 * Mutations that come with their seven signed words, so that the Solidity verifier judges the
 * very bytes the TypeScript verifiers refuse to build: the other layout's reading of a genuine
 * signature, the layout rule's boundaries, and random words.
 */
export const wordMutations: Record<string, WordMutation> = {
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

/**
 * Mutations that keep to the attestation itself (request id, request data, signature): what a bulk
 * audit of records reads. They reach every verdict and every error an audit can report.
 */
export const auditMutations: Record<string, Mutation> = {
  "tamper:amount": (_, b) =>
    withData(b, { originAmount: (BigInt(b.params.requestData.originAmount as string) + 1n).toString() }),
  "tamper:requestId": (_, b) => {
    const id = b.params.requestId as string;
    return { ...b.params, requestId: `${id.slice(0, -1)}${id.endsWith("0") ? "1" : "0"}` };
  },
  "tamper:user": (rng, b) =>
    withData(b, {
      destinationUser:
        b.destinationChainId === chainIds.solana
          ? base58.encode(rng.bytes(32))
          : evmAddress(rng, rng.bytes(20)),
    }),
  "signature:vInvalid": (rng, b) => withSignature(b, rsv(b.r, b.s, rng.pick([2, 3, 26, 29, 35, 255]))),
  "signature:highS": (_, b) => withSignature(b, rsv(b.r, secp256k1N - b.s, 28 - b.recovery)),
  // About half of all x values are on the curve: the rest are unrecoverable.
  "signature:randomR": (rng, b) =>
    withSignature(
      b,
      rsv(1n + (BigInt(bytesToHex(rng.bytes(32))) % (secp256k1N - 1n)), b.s, rng.pick([27, 28])),
    ),
  "field:amount": (rng, b) => withData(b, { originAmount: rng.pick(["1.5", "-1", "0x10", "", 1000]) }),
  "field:checksum": (_, b) => withData(b, { originUser: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" }),
  "field:requestId": (rng, b) => ({
    ...b.params,
    requestId: rng.pick(["0x12", (b.params.requestId as string).slice(2), undefined]),
  }),
  "field:chainId": (rng, b) => withData(b, { originChainId: rng.pick([-1, 1.5, "0x1", 2 ** 53]) }),
  "field:unsupportedVm": (rng, b) =>
    withData(b, { destinationChainId: chainIds.bitcoin, destinationUser: `bc1q${rng.int(1e9)}` }),
  "field:noRequestData": (_, b) =>
    ({ requestId: b.params.requestId, signature: b.params.signature }) as never,
};

/** The kinds the audit profile cycles through: mutations of the attestation alone. */
export const auditKinds = [
  "tamper:amount",
  "tamper:requestId",
  "tamper:user",
  "signature:vFlipped",
  "signature:vInvalid",
  "signature:highS",
  "signature:rEdge",
  "signature:sEdge",
  "signature:randomR",
  "signature:infinity",
  "signature:length",
  "signature:hex",
  "signature:lookalike",
  "field:amount",
  "field:checksum",
  "field:requestId",
  "field:missing",
  "field:chainId",
  "field:unsupportedVm",
  "field:noRequestData",
] as const;

/** The kinds the differential profile cycles through: every field and signature mutation, and the word mutations. */
export const differentialKinds = [...Object.keys(mutations), ...Object.keys(wordMutations)];

/** Applies the mutation `kind` of the catalogue to a base. */
export function mutate(rng: SeededRng, kind: string, base: Base): CorpusVector {
  const words = wordMutations[kind];
  if (words) return { ...words(rng, base), kind: `mutate:${kind}` };
  return {
    kind: `mutate:${kind}`,
    params: ((mutations[kind] ?? auditMutations[kind]) as Mutation)(rng, base),
  };
}

/** Two mutations at once: the verifiers must also agree on which problem is reported first. */
export function combine(rng: SeededRng, base: Base): CorpusVector {
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

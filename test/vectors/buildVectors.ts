// Builds the shared attestation vectors deterministically (RFC 6979 signatures from fixed keys).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Hex, keccak256, numberToHex, serializeSignature, stringToHex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { attestationDigest } from "../../packages/attestkit/src/attestation/attestationDigest.js";
import { secp256k1N } from "../../packages/attestkit/src/attestation/constants.js";
import { hashAttestation } from "../../packages/attestkit/src/attestation/hashAttestation.js";
import { toAttestationWords } from "../../packages/attestkit/src/attestation/toAttestationWords.js";
import type { AttestationVersion } from "../../packages/attestkit/src/attestation/types.js";
import { verifyAttestation } from "../../packages/attestkit/src/attestation/verifyAttestation.js";

export type AttestationVector = {
  name: string;
  description: string;
  version: AttestationVersion;
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
  solvers: string[];
  words: Hex[] | null;
  encoded: Hex | null;
  hash: Hex | null;
  digest: Hex | null;
  expected: { valid: boolean; signer: string | null; reason: string | null; error: string | null };
};

export type VectorFile = { description: string; solvers: string[]; vectors: AttestationVector[] };

const key = (label: string): Hex => keccak256(stringToHex(`attestkit/vectors/${label}`));
export const vectorKeys = { solverA: key("solver-a"), solverB: key("solver-b"), stranger: key("stranger") };
const solverA = privateKeyToAccount(vectorKeys.solverA).address;
const solverB = privateKeyToAccount(vectorKeys.solverB).address;

const live = JSON.parse(readFileSync(fileURLToPath(new URL("./live-attestation.json", import.meta.url)), "utf8"));
const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

const rid = (label: string): Hex => keccak256(stringToHex(`request/${label}`));
const evmUser = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";
const receiver = "0xa77e5000000000000000000000000000000a77e5";
const usdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const solanaUser = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const wsol = "So11111111111111111111111111111111111111112";

const v1 = (id: string, patch: Record<string, unknown> = {}) => ({
  requestId: rid(id),
  requestData: {
    originChainId: 31337,
    originUser: receiver,
    originCurrency: "0x0000000000000000000000000000000000000000",
    originAmount: "1000000000000000000",
    destinationChainId: 8453,
    destinationUser: evmUser,
    ...patch,
  },
});

function word(n: bigint): string {
  return numberToHex(n, { size: 32 }).slice(2);
}

/** Signs seven raw words as the solver would (for tuples the verifiers refuse to build). */
async function signWords(privateKey: Hex, words: Hex[]) {
  const hash = keccak256(`0x${words.map((w) => w.slice(2)).join("")}`);
  return sign({ hash: attestationDigest({ hash }), privateKey });
}

/** The words of a tuple the verifiers accept. */
function wordsOf(input: { requestId: unknown; requestData: Record<string, unknown> }, version: AttestationVersion = "v1"): Hex[] {
  return toAttestationWords({ ...input, version }).words.map(([, w]) => w);
}

async function signWith(privateKey: Hex, input: { requestId: unknown; requestData: Record<string, unknown> }, version: AttestationVersion = "v1") {
  const hash = hashAttestation({ ...input, version });
  return sign({ hash: attestationDigest({ hash }), privateKey });
}

type Case = {
  name: string;
  description: string;
  version?: AttestationVersion;
  requestId: unknown;
  requestData: Record<string, unknown>;
  signature: unknown;
  solvers?: string[];
  /** The signed words, for tuples the verifiers refuse to build (so Solidity can check them). */
  rawWords?: Hex[];
};

async function cases(): Promise<Case[]> {
  const out: Case[] = [];
  const add = (c: Case) => out.push(c);
  const good = async (name: string, description: string, input: ReturnType<typeof v1>, version: AttestationVersion = "v1", k = vectorKeys.solverA) =>
    add({ name, description, version, ...input, signature: serializeSignature(await signWith(k, input, version)) });

  add({ name: "live-solver-genuine", description: "A genuine attestation of the live service (public docs), signed by the live solver.", requestId: live.requestId, requestData: live.requestData, signature: live.signature, solvers: [liveSolver] });
  await good("evm-v1-native", "EVM to EVM, native currency.", v1("native"));
  await good("evm-v1-erc20", "EVM to EVM, ERC-20 origin currency (checksummed).", v1("erc20", { originCurrency: usdcBase, originAmount: "2500000" }));
  await good("evm-v1-amount-zero", "Amount zero encodes as a zero word.", v1("zero", { originAmount: "0" }));
  await good("evm-v1-amount-max", "Amount 2^256 - 1.", v1("max", { originAmount: (2n ** 256n - 1n).toString() }));
  await good("evm-v1-chain-id-strings", "Chain ids sent as decimal strings.", v1("strings", { originChainId: "31337", destinationChainId: "8453" }));
  await good("evm-v1-lowercase", "All-lowercase addresses.", v1("lower", { destinationUser: evmUser.toLowerCase() }));
  await good("evm-v1-solver-b", "Signed by the second solver of the set (rotation).", v1("solver-b"), "v1", vectorKeys.solverB);
  await good("svm-destination-v1", "EVM origin, Solana destination: the user is 32 base58-decoded bytes.", v1("svm-dst", { destinationChainId: 792703809, destinationUser: solanaUser }));
  await good("svm-origin-v1", "Solana origin (wrapped SOL), EVM destination.", v1("svm-origin", { originChainId: 792703809, originUser: solanaUser, originCurrency: wsol }));
  await good("svm-native-v1", "Solana native currency is 32 zero bytes.", v1("svm-native", { originChainId: 792703809, originUser: solanaUser, originCurrency: "11111111111111111111111111111111" }));
  await good("evm-v2", "The /signature/v2 tuple: destinationCurrency, no amount.", v1("v2", { destinationCurrency: usdcBase }), "v2");
  await good("svm-v2", "v2 tuple to a Solana destination currency.", v1("v2-svm", { destinationChainId: 792703809, destinationUser: solanaUser, destinationCurrency: wsol }), "v2");

  // v encodings.
  const base = v1("v-encodings");
  const sig = await signWith(vectorKeys.solverA, base);
  const r = sig.r.slice(2);
  const s = sig.s.slice(2);
  const vByte = (v: number) => v.toString(16).padStart(2, "0");
  const raw = (rr: string, ss: string, v: number) => `0x${rr}${ss}${vByte(v)}`;
  const v27 = Number(sig.v);
  add({ name: "v-as-27-28", description: "v in {27, 28}.", ...base, signature: raw(r, s, v27) });
  add({ name: "v-as-0-1", description: "v in {0, 1} is normalised to {27, 28}.", ...base, signature: raw(r, s, v27 - 27) });
  for (const v of [2, 26, 29, 255]) add({ name: `v-invalid-${v}`, description: `v = ${v} is refused.`, ...base, signature: raw(r, s, v) });
  add({ name: "v-flipped", description: "The other parity recovers a different key: not the solver.", ...base, signature: raw(r, s, v27 === 27 ? 28 : 27) });

  // s and r bounds.
  const twin = word(secp256k1N - BigInt(sig.s));
  add({ name: "high-s-twin", description: "The malleable twin (n - s, other parity) is refused.", ...base, signature: raw(r, twin, v27 === 27 ? 28 : 27) });
  add({ name: "s-zero", description: "s = 0 is refused.", ...base, signature: raw(r, word(0n), v27) });
  add({ name: "r-zero", description: "r = 0 is refused.", ...base, signature: raw(word(0n), s, v27) });
  add({ name: "r-equals-n", description: "r = n is refused.", ...base, signature: raw(word(secp256k1N), s, v27) });
  add({ name: "r-not-on-curve", description: "r = 5 is no x-coordinate on the curve: unrecoverable.", ...base, signature: raw(word(5n), s, v27) });
  add({ name: "zero-signature", description: "65 zero bytes.", ...base, signature: `0x${"00".repeat(65)}` });

  // Lengths.
  add({ name: "length-64-compact", description: "64-byte EIP-2098 compact form is refused by decision.", ...base, signature: `0x${r}${s}` });
  add({ name: "length-66", description: "One byte too many.", ...base, signature: `${raw(r, s, v27)}00` });
  add({ name: "length-0", description: "Empty signature.", ...base, signature: "0x" });

  // Signers and tampering.
  add({ name: "wrong-signer", description: "Signed by a key outside the solver set.", ...base, signature: serializeSignature(await signWith(vectorKeys.stranger, base)) });
  const tamper = (field: string, value: unknown) => ({ ...base, requestData: { ...base.requestData, [field]: value } });
  add({ name: "tampered-amount-plus-one", description: "originAmount + 1 after signing.", ...tamper("originAmount", "1000000000000000001"), signature: raw(r, s, v27) });
  add({ name: "tampered-amount-minus-one", description: "originAmount - 1 after signing.", ...tamper("originAmount", "999999999999999999"), signature: raw(r, s, v27) });
  add({ name: "tampered-destination-user", description: "destinationUser changed after signing.", ...tamper("destinationUser", receiver), signature: raw(r, s, v27) });
  add({ name: "tampered-origin-chain", description: "originChainId changed (wrong chain).", ...tamper("originChainId", 1), signature: raw(r, s, v27) });
  add({ name: "tampered-request-id", description: "Another request id.", requestId: rid("other"), requestData: base.requestData, signature: raw(r, s, v27) });
  add({ name: "v1-signature-as-v2", description: "A v1 signature checked against the v2 tuple.", version: "v2", ...tamper("destinationCurrency", usdcBase), signature: raw(r, s, v27) });

  // Malformed fields: thrown errors, no words.
  add({ name: "amount-decimal", description: "originAmount 1.5 is not an integer.", ...tamper("originAmount", "1.5"), signature: raw(r, s, v27) });
  add({ name: "amount-overflow", description: "originAmount = 2^256.", ...tamper("originAmount", (2n ** 256n).toString()), signature: raw(r, s, v27) });
  add({ name: "bad-checksum", description: "Mixed-case address with a wrong EIP-55 checksum.", ...tamper("destinationUser", "0x5b38Da6a701c568545dCfcB03FcB875f56beddC4"), signature: raw(r, s, v27) });
  add({ name: "bad-request-id", description: "31-byte request id.", requestId: rid("x").slice(0, 64), requestData: base.requestData, signature: raw(r, s, v27) });
  add({ name: "chain-id-negative", description: "Negative chain id.", ...tamper("destinationChainId", -1), signature: raw(r, s, v27) });

  // The layout rule: no signature verifies under both the v1 and the v2 layout.
  const v2Signed = v1("layout-v2", { destinationCurrency: usdcBase });
  const v2Words = wordsOf(v2Signed, "v2");
  add({
    name: "layout-v2-signature-as-v1",
    description: "A genuine v2 signature read as v1: its destinationChainId becomes a dust originAmount and its destinationUser a chain id above 2^53 - 1, refused.",
    requestId: v2Signed.requestId,
    requestData: { originChainId: 31337, originUser: receiver, originCurrency: "0x0000000000000000000000000000000000000000", originAmount: "8453", destinationChainId: BigInt(evmUser).toString(), destinationUser: usdcBase },
    signature: serializeSignature(await signWith(vectorKeys.solverA, v2Signed, "v2")),
    rawWords: v2Words,
  });
  const v1Signed = v1("layout-v1", { originCurrency: usdcBase, originAmount: "1000000" });
  add({
    name: "layout-v1-signature-as-v2",
    description: "A genuine v1 signature read as v2: its amount becomes destinationChainId and its destinationChainId (8453) a destinationUser word of 0x2105, which no account is: refused.",
    version: "v2",
    requestId: v1Signed.requestId,
    requestData: { originChainId: 31337, originUser: receiver, originCurrency: usdcBase, destinationChainId: 1000000, destinationUser: "0x0000000000000000000000000000000000002105", destinationCurrency: evmUser },
    signature: serializeSignature(await signWith(vectorKeys.solverA, v1Signed)),
    rawWords: wordsOf(v1Signed),
  });
  await good("chain-id-max-safe", "destinationChainId 2^53 - 1, the largest chain id.", v1("chain-max", { destinationChainId: "9007199254740991" }));
  const chainOver = v1("chain-over", { destinationChainId: "9007199254740992" });
  const chainOverWords = wordsOf(v1("chain-over", { destinationChainId: "9007199254740991" }));
  chainOverWords[5] = numberToHex(2n ** 53n, { size: 32 });
  add({ name: "chain-id-2-pow-53", description: "destinationChainId 2^53: above the layout rule's bound, refused everywhere (signed nonetheless).", ...chainOver, signature: serializeSignature(await signWords(vectorKeys.solverA, chainOverWords)), rawWords: chainOverWords });
  await good("account-word-2-pow-53", "destinationUser whose word is 2^53, the smallest account word.", v1("account-min", { destinationUser: "0x0000000000000000000000000020000000000000" }));
  const smallUser = v1("account-small", { destinationUser: "0x000000000000000000000000001fffffffffffff" });
  const smallWords = wordsOf(v1("account-small", { destinationUser: "0x0000000000000000000000000020000000000000" }));
  smallWords[6] = numberToHex(2n ** 53n - 1n, { size: 32 });
  add({ name: "account-word-small", description: "destinationUser whose word is 2^53 - 1: a small integer, not an account; refused (signed nonetheless).", ...smallUser, signature: serializeSignature(await signWords(vectorKeys.solverA, smallWords)), rawWords: smallWords });
  const zeroUser = v1("account-zero", { originUser: "0x0000000000000000000000000000000000000000" });
  const zeroWords = wordsOf(v1("account-zero"));
  zeroWords[2] = numberToHex(0n, { size: 32 });
  add({ name: "origin-user-zero", description: "originUser is the zero address: not an account; refused.", ...zeroUser, signature: serializeSignature(await signWords(vectorKeys.solverA, zeroWords)), rawWords: zeroWords });

  add({ name: "bitcoin-without-encoder", description: "Bitcoin destination has no published bytes32 rule.", ...tamper("destinationChainId", 8253038), signature: raw(r, s, v27) });
  return out;
}

/** Builds every vector with its expected outcome under the written rules. */
export async function buildVectors(): Promise<VectorFile> {
  const defaultSolvers = [solverA, solverB];
  const vectors: AttestationVector[] = [];
  for (const c of await cases()) {
    const version = c.version ?? "v1";
    const solvers = c.solvers ?? defaultSolvers;
    let words: Hex[] | null = c.rawWords ?? null;
    try {
      words = toAttestationWords({ requestId: c.requestId, requestData: c.requestData, version }).words.map(([, w]) => w);
    } catch {}
    const params = { requestId: c.requestId, requestData: c.requestData, signature: c.signature, solvers, version };
    let expected: AttestationVector["expected"];
    let encoded: Hex | null = null;
    let hash: Hex | null = null;
    let digest: Hex | null = null;
    try {
      const result = await verifyAttestation(params);
      ({ encoded, hash, digest } = result);
      expected = { valid: result.valid, signer: result.signer, reason: result.reason ?? null, error: null };
    } catch (error) {
      expected = { valid: false, signer: null, reason: null, error: (error as Error).name };
      if (words) {
        encoded = `0x${words.map((w) => w.slice(2)).join("")}`;
        hash = keccak256(encoded);
        digest = attestationDigest({ hash });
      }
    }
    vectors.push({ name: c.name, description: c.description, version, requestId: c.requestId, requestData: c.requestData, signature: c.signature, solvers, words, encoded, hash, digest, expected });
  }
  return {
    description:
      "attestkit attestation vectors. hash = keccak256(abi.encode(tuple)); digest = EIP-191 personal-message hash of the 32 hash bytes. Keys: keccak256('attestkit/vectors/<label>'). Generated by scripts/generate.ts (npm run generate).",
    solvers: defaultSolvers,
    vectors,
  };
}

// Test support: the order side of the seeded corpus: random orders over every VM, each signed by
// a test key, and THE catalogue of their mutations, by kind (profile "orders" of buildCorpus).

import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import { secp256k1HalfN, secp256k1N } from "../../../packages/attestkit/src/attestation/constants.js";
import { bytesToHex } from "../../../packages/attestkit/src/attestation/noble/bytesToHex.js";
import { checksumAddress } from "../../../packages/attestkit/src/attestation/noble/checksumAddress.js";
import { personalDigest } from "../../../packages/attestkit/src/attestation/noble/personalDigest.js";
import { hashOrderNoble } from "../../../packages/attestkit/src/orders/noble/hashOrderNoble.js";
import type {
  LegacyBitcoinEncoding,
  OrderChains,
  OrderVmType,
} from "../../../packages/attestkit/src/orders/types.js";
import type { SeededRng } from "./SeededRng.js";
import { byteHex, lookalikeHex, rsv } from "./values.js";

type Json = Record<string, unknown>;

/** What both verifiers get. */
export type OrderCorpusParams = {
  orderId: unknown;
  orderData: unknown;
  orderSignature: unknown;
  paymentDetails: unknown;
  chains: OrderChains;
  solvers?: unknown;
  legacyBitcoinEncoding?: unknown;
};

const slugs: Record<OrderVmType, string[]> = {
  "ethereum-vm": ["base", "ethereum", "optimism", "arbitrum"],
  "solana-vm": ["solana", "eclipse"],
  "bitcoin-vm": ["bitcoin"],
  "tron-vm": ["tron"],
  "hyperliquid-vm": ["hyperliquid"],
  "lighter-vm": ["lighter"],
};
const vmOfSlug = Object.fromEntries(
  Object.entries(slugs).flatMap(([vm, names]) => names.map((name) => [name, vm])),
) as Record<string, OrderVmType>;
const vms = Object.keys(slugs) as OrderVmType[];

const chains: OrderChains = {
  vmTypes: vmOfSlug,
  // optimism and arbitrum have none listed: EVM falls back to the published depository.
  depositories: {
    base: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
    ethereum: "0x59916da825d2d2ec1bf878d71c88826f6633ecca",
    solana: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2",
    bitcoin: "bc1qdqqsq6y7csd0cr3ye45h9lv8ydh777j2wehgl6",
    hyperliquid: "0x865eb9baa5492cef598adf7afb1038654fcb7081",
    lighter: "723071",
  },
};
const knownDepository = (slug: string) =>
  chains.depositories?.[slug] ??
  (vmOfSlug[slug] === "ethereum-vm" ? "0x4cd00e387622c35bddb9b4c962c136462338bc31" : undefined);

const base58check = createBase58check(sha256);
const secretKeys = [1, 2, 3].map((i) =>
  keccak_256(new TextEncoder().encode(`attestkit/differential/order-key-${i}`)),
);
const addressOf = (key: Uint8Array) =>
  bytesToHex(keccak_256(secp256k1.getPublicKey(key, false).subarray(1)).subarray(12));
const signers = secretKeys.map(addressOf);

function hexCase(rng: SeededRng, hex: string): string {
  const roll = rng.next();
  if (roll < 0.6) return hex;
  if (roll < 0.85 && hex.length === 42) return checksumAddress(Buffer.from(hex.slice(2), "hex"));
  return `0x${hex.slice(2).toUpperCase()}`;
}

function evmAddress(rng: SeededRng): string {
  return hexCase(rng, bytesToHex(rng.chance(0.1) ? new Uint8Array(20) : rng.bytes(20)));
}

/** A valid address for the VM; legacy Bitcoin only when a choice will be made. */
function addressFor(rng: SeededRng, vm: OrderVmType, legacy: boolean): string {
  switch (vm) {
    case "ethereum-vm":
      return evmAddress(rng);
    case "hyperliquid-vm":
      return hexCase(rng, bytesToHex(rng.bytes(rng.chance(0.5) ? 16 : 20)));
    case "solana-vm":
      return rng.chance(0.1) ? "11111111111111111111111111111111" : base58.encode(rng.bytes(32));
    case "tron-vm":
      return base58check.encode(Uint8Array.from([0x41, ...rng.bytes(20)]));
    case "lighter-vm":
      return String(rng.chance(0.2) ? rng.int(100) : rng.int(2 ** 26) * 2 ** 27 + rng.int(2 ** 27));
    case "bitcoin-vm": {
      const roll = rng.next();
      if (legacy && roll < 0.3)
        return base58check.encode(Uint8Array.from([rng.chance(0.5) ? 0x00 : 0x05, ...rng.bytes(20)]));
      if (roll < 0.45) return "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8";
      if (roll < 0.75)
        return bech32.encode("bc", [0, ...bech32.toWords(rng.bytes(rng.chance(0.5) ? 20 : 32))]);
      return bech32m.encode("bc", [1 + rng.int(16), ...bech32m.toWords(rng.bytes(2 + rng.int(39)))]);
    }
  }
}

function amount(rng: SeededRng): string {
  const roll = rng.next();
  if (roll < 0.05) return "0";
  if (roll < 0.08) return (2n ** 256n - 1n).toString();
  return rng.bigint(1 + rng.int(200)).toString();
}
const deadline = (rng: SeededRng) => (rng.chance(0.05) ? 2 ** 32 - 1 : 1_700_000_000 + rng.int(200_000_000));
const hexBytes = (rng: SeededRng, max: number) => bytesToHex(rng.bytes(rng.int(max + 1)));
const slugOf = (rng: SeededRng, vm = rng.pick(vms)) => rng.pick(slugs[vm]);
const list = <T>(rng: SeededRng, max: number, make: () => T): T[] =>
  Array.from({ length: rng.int(max + 1) }, make);

function fee(rng: SeededRng, legacy: boolean): Json {
  const recipientChainId = slugOf(rng);
  const currencyChainId = slugOf(rng);
  return {
    recipientChainId,
    recipient: addressFor(rng, vmOfSlug[recipientChainId] as OrderVmType, legacy),
    currencyChainId,
    currency: addressFor(rng, vmOfSlug[currencyChainId] as OrderVmType, legacy),
    amount: amount(rng),
  };
}

function orderV1(rng: SeededRng, legacy: boolean): Json {
  const outputChain = slugOf(rng);
  const outVm = vmOfSlug[outputChain] as OrderVmType;
  const payment = (slug: string) => ({
    chainId: slug,
    currency: addressFor(rng, vmOfSlug[slug] as OrderVmType, legacy),
    amount: amount(rng),
    weight: rng.pick(["1", "0", amount(rng)]),
  });
  const refund = () => {
    const slug = slugOf(rng);
    const vm = vmOfSlug[slug] as OrderVmType;
    return {
      chainId: slug,
      recipient: addressFor(rng, vm, legacy),
      currency: addressFor(rng, vm, legacy),
      minimumAmount: amount(rng),
      deadline: deadline(rng),
      extraData: rng.chance(0.5) ? "0x" : hexBytes(rng, 40),
    };
  };
  const inputs = Array.from({ length: rng.chance(0.85) ? 1 : rng.int(4) }, () => ({
    payment: payment(slugOf(rng)),
    refunds: list(rng, 3, refund),
  }));
  return {
    version: "v1",
    solverChainId: slugOf(rng, "ethereum-vm"),
    solver: evmAddress(rng),
    salt: bytesToHex(rng.bytes(32)),
    inputs,
    output: {
      chainId: outputChain,
      payments: list(rng, 3, () => ({
        recipient: addressFor(rng, outVm, legacy),
        currency: addressFor(rng, outVm, legacy),
        minimumAmount: amount(rng),
        expectedAmount: amount(rng),
      })),
      calls: list(rng, 3, () => hexBytes(rng, 100)),
      deadline: deadline(rng),
      extraData: rng.chance(0.5) ? "0x" : hexBytes(rng, 40),
    },
    fees: list(rng, 2, () => fee(rng, legacy)),
  };
}

function orderV2(rng: SeededRng, legacy: boolean): Json {
  const inChain = slugOf(rng);
  const outChain = slugOf(rng);
  const outVm = vmOfSlug[outChain] as OrderVmType;
  return {
    version: "v2",
    relayerChainId: slugOf(rng, "ethereum-vm"),
    relayer: evmAddress(rng),
    salt: bytesToHex(rng.bytes(32)),
    deadline: deadline(rng),
    input: {
      chainId: inChain,
      currency: addressFor(rng, vmOfSlug[inChain] as OrderVmType, legacy),
      amount: amount(rng),
    },
    refunds: list(rng, 3, () => {
      const slug = slugOf(rng);
      const vm = vmOfSlug[slug] as OrderVmType;
      return {
        chainId: slug,
        currency: addressFor(rng, vm, legacy),
        minimumAmount: amount(rng),
        recipient: addressFor(rng, vm, legacy),
      };
    }),
    output: {
      chainId: outChain,
      withdraw: { currency: addressFor(rng, outVm, legacy), minimumAmount: amount(rng) },
      fill: {
        currency: addressFor(rng, outVm, legacy),
        minimumAmount: amount(rng),
        recipient: addressFor(rng, outVm, legacy),
        calls: list(rng, 3, () => hexBytes(rng, 100)),
      },
    },
    fees: list(rng, 2, () => fee(rng, legacy)),
  };
}

/** A signed order the mutations start from. */
export type OrderBase = {
  params: OrderCorpusParams;
  digest: Uint8Array;
  r: bigint;
  s: bigint;
  recovery: number;
  signer: string;
};

/** A random order (v1 80 %, v2), over every VM and slug, signed by one of three test keys. */
export function orderBase(rng: SeededRng): OrderBase {
  const legacyChoice: LegacyBitcoinEncoding | undefined = rng.chance(0.25)
    ? rng.pick(["ff-prefixed", "unprefixed"] as const)
    : undefined;
  const orderData = rng.chance(0.8)
    ? orderV1(rng, legacyChoice !== undefined)
    : orderV2(rng, legacyChoice !== undefined);
  const options = { chains, legacyBitcoinEncoding: legacyChoice };
  const { orderId } = hashOrderNoble({ orderData, ...options });
  const signed = (orderData.version === "v1" ? (orderData.inputs as Json[])[0]?.payment : orderData.input) as
    | Json
    | undefined;
  const slug = (signed?.chainId as string | undefined) ?? "base";
  const currency = (signed?.currency as string | undefined) ?? "0x0000000000000000000000000000000000000000";
  const value = (signed?.amount as string | undefined) ?? "1";
  const paymentDetails: Json = {
    chainId: slug,
    depository: knownDepository(slug) ?? "unknown",
    currency: currency.startsWith("0x") ? hexCase(rng, currency.toLowerCase()) : currency,
    amount: rng.chance(0.2) && BigInt(value) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value,
  };
  const keyIndex = rng.int(secretKeys.length);
  const digest = personalDigest(Buffer.from(orderId.slice(2), "hex"));
  const sig = secp256k1.sign(digest, secretKeys[keyIndex] as Uint8Array, {
    prehash: false,
    format: "recovered",
  });
  const recovery = sig[0] as number;
  const r = BigInt(bytesToHex(sig.subarray(1, 33)));
  const s = BigInt(bytesToHex(sig.subarray(33, 65)));
  const signer = signers[keyIndex] as string;
  const params: OrderCorpusParams = {
    orderId: rng.chance(0.1) ? `0x${orderId.slice(2).toUpperCase()}` : orderId,
    orderData,
    orderSignature: rsv(r, s, rng.chance(0.8) ? 27 + recovery : recovery),
    paymentDetails,
    chains,
  };
  if (legacyChoice) params.legacyBitcoinEncoding = legacyChoice;
  const roll = rng.next();
  if (roll < 0.6) {
    const others = list(rng, 2, () => evmAddress(rng));
    others.splice(rng.int(others.length + 1), 0, hexCase(rng, signer));
    params.solvers = others;
  } else if (roll < 0.75) params.solvers = [evmAddress(rng)];
  else if (roll < 0.8) params.solvers = [];
  return { params, digest, r, s, recovery, signer };
}

// --- Leaves of an order: where each field kind sits, to mutate one of them. ---

export type Kind =
  | "slug"
  | "address"
  | "uint256"
  | "uint32"
  | "salt"
  | "bytes"
  | "solver"
  | "array"
  | "struct";
export type Leaf = { path: (string | number)[]; kind: Kind; vm?: OrderVmType };

/** Where each field kind of an order sits (with the VM of its addresses). */
export function leaves(order: Json): Leaf[] {
  const out: Leaf[] = [];
  const at = (path: (string | number)[], kind: Kind, vm?: OrderVmType): void => {
    out.push(vm ? { path, kind, vm } : { path, kind });
  };
  const vmAt = (path: (string | number)[]) => vmOfSlug[get(order, path) as string];
  const fees = (order.fees as Json[]) ?? [];
  const feeLeaves = () => {
    at(["fees"], "array");
    fees.forEach((_, i) => {
      at(["fees", i], "struct");
      at(["fees", i, "recipientChainId"], "slug");
      at(["fees", i, "recipient"], "address", vmAt(["fees", i, "recipientChainId"]));
      at(["fees", i, "currencyChainId"], "slug");
      at(["fees", i, "currency"], "address", vmAt(["fees", i, "currencyChainId"]));
      at(["fees", i, "amount"], "uint256");
    });
  };
  if (order.version === "v1") {
    at(["solverChainId"], "slug");
    at(["solver"], "solver");
    at(["salt"], "salt");
    at(["inputs"], "array");
    (order.inputs as Json[]).forEach((input, i) => {
      at(["inputs", i], "struct");
      at(["inputs", i, "payment"], "struct");
      at(["inputs", i, "payment", "chainId"], "slug");
      at(["inputs", i, "payment", "currency"], "address", vmAt(["inputs", i, "payment", "chainId"]));
      at(["inputs", i, "payment", "amount"], "uint256");
      at(["inputs", i, "payment", "weight"], "uint256");
      at(["inputs", i, "refunds"], "array");
      (input.refunds as Json[]).forEach((_, j) => {
        const p = ["inputs", i, "refunds", j];
        const vm = vmAt([...p, "chainId"]);
        at(p, "struct");
        at([...p, "chainId"], "slug");
        at([...p, "recipient"], "address", vm);
        at([...p, "currency"], "address", vm);
        at([...p, "minimumAmount"], "uint256");
        at([...p, "deadline"], "uint32");
        at([...p, "extraData"], "bytes");
      });
    });
    const vm = vmAt(["output", "chainId"]);
    at(["output"], "struct");
    at(["output", "chainId"], "slug");
    at(["output", "payments"], "array");
    ((order.output as Json).payments as Json[]).forEach((_, i) => {
      at(["output", "payments", i, "recipient"], "address", vm);
      at(["output", "payments", i, "currency"], "address", vm);
      at(["output", "payments", i, "minimumAmount"], "uint256");
      at(["output", "payments", i, "expectedAmount"], "uint256");
    });
    at(["output", "calls"], "array");
    ((order.output as Json).calls as string[]).forEach((_, i) => {
      at(["output", "calls", i], "bytes");
    });
    at(["output", "deadline"], "uint32");
    at(["output", "extraData"], "bytes");
  } else {
    at(["relayerChainId"], "slug");
    at(["relayer"], "solver");
    at(["salt"], "salt");
    at(["deadline"], "uint32");
    at(["input"], "struct");
    at(["input", "chainId"], "slug");
    at(["input", "currency"], "address", vmAt(["input", "chainId"]));
    at(["input", "amount"], "uint256");
    at(["refunds"], "array");
    (order.refunds as Json[]).forEach((_, i) => {
      const vm = vmAt(["refunds", i, "chainId"]);
      at(["refunds", i, "chainId"], "slug");
      at(["refunds", i, "currency"], "address", vm);
      at(["refunds", i, "minimumAmount"], "uint256");
      at(["refunds", i, "recipient"], "address", vm);
    });
    const vm = vmAt(["output", "chainId"]);
    at(["output", "chainId"], "slug");
    at(["output", "withdraw"], "struct");
    at(["output", "withdraw", "currency"], "address", vm);
    at(["output", "withdraw", "minimumAmount"], "uint256");
    at(["output", "fill", "currency"], "address", vm);
    at(["output", "fill", "minimumAmount"], "uint256");
    at(["output", "fill", "recipient"], "address", vm);
    at(["output", "fill", "calls"], "array");
    (((order.output as Json).fill as Json).calls as string[]).forEach((_, i) => {
      at(["output", "fill", "calls", i], "bytes");
    });
  }
  feeLeaves();
  return out;
}

function get(object: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], object);
}

/** A deep copy with the value at `path` replaced (or deleted for `undefined` with `remove`). */
function setIn(object: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(object) as Record<string | number, unknown>;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1] as string | number;
  if (remove) delete parent[key];
  else parent[key] = value;
  return copy;
}

const pickLeaf = (rng: SeededRng, order: Json, kinds: Kind[]) => {
  const found = leaves(order).filter((leaf) => kinds.includes(leaf.kind));
  return found.length === 0 ? undefined : rng.pick(found);
};

function otherVm(rng: SeededRng, vm: OrderVmType): OrderVmType {
  return rng.pick(vms.filter((other) => other !== vm));
}

export type Mutation = (rng: SeededRng, b: OrderBase) => OrderCorpusParams;

const withOrder = (b: OrderBase, orderData: unknown): OrderCorpusParams => ({ ...b.params, orderData });
const withPayment = (b: OrderBase, patch: Json): OrderCorpusParams => ({
  ...b.params,
  paymentDetails: { ...(b.params.paymentDetails as Json), ...patch },
});
const withSignature = (b: OrderBase, orderSignature: unknown): OrderCorpusParams => ({
  ...b.params,
  orderSignature,
});
export const order = (b: OrderBase) => b.params.orderData as Json;
const currentV = (b: OrderBase) => Number.parseInt((b.params.orderSignature as string).slice(-2), 16);

function mutateLeaf(
  rng: SeededRng,
  b: OrderBase,
  kinds: Kind[],
  values: (leaf: Leaf, current: unknown) => unknown[],
) {
  const leaf = pickLeaf(rng, order(b), kinds);
  if (leaf === undefined) return b.params;
  const current = get(order(b), leaf.path);
  return withOrder(b, setIn(order(b), leaf.path, rng.pick(values(leaf, current))));
}

/** The mutations of orders, by kind. */
export const orderMutations: Record<string, Mutation> = {
  // Order fields, by kind.
  "order:slug": (rng, b) =>
    mutateLeaf(rng, b, ["slug"], () => [
      slugOf(rng),
      "zksync",
      "",
      "constructor",
      "__proto__",
      8453,
      null,
      undefined,
    ]),
  "order:address": (rng, b) =>
    mutateLeaf(rng, b, ["address"], (leaf, current) => [
      addressFor(rng, leaf.vm as OrderVmType, b.params.legacyBitcoinEncoding !== undefined),
      addressFor(rng, otherVm(rng, leaf.vm as OrderVmType), true),
      typeof current === "string" ? current.toUpperCase() : current,
      typeof current === "string" ? `${current}1` : current,
      typeof current === "string" ? current.slice(0, -1) : current,
      "",
      42,
      null,
    ]),
  "order:address:legacy": (rng, b) =>
    mutateLeaf(rng, b, ["address"], () => [
      base58check.encode(Uint8Array.from([0x00, ...rng.bytes(20)])),
      base58check.encode(Uint8Array.from([0x05, ...rng.bytes(20)])),
      base58check.encode(Uint8Array.from([0x05, ...rng.bytes(19)])),
      `1${base58.encode(rng.bytes(24))}`,
    ]),
  "order:uint256": (rng, b) =>
    mutateLeaf(rng, b, ["uint256"], (_, current) => {
      const value = typeof current === "string" ? BigInt(current) : 0n;
      return [
        (value + 1n).toString(),
        value > 0n ? (value - 1n).toString() : "1",
        (2n ** 256n - 1n).toString(),
        (2n ** 256n).toString(),
        `0${value}`,
        value,
        Number(value % 1000n),
        `0x${value.toString(16)}`,
        "1.5",
        "-1",
        "",
        " 1",
        true,
      ];
    }),
  "order:uint32": (rng, b) =>
    mutateLeaf(rng, b, ["uint32"], (_, current) => [
      (current as number) + 1,
      (current as number) - 1,
      2 ** 32 - 1,
      2 ** 32,
      -1,
      1.5,
      String(current),
      BigInt(current as number),
      "0x10",
      Number.NaN,
      null,
    ]),
  "order:salt": (rng, b) =>
    mutateLeaf(rng, b, ["salt"], (_, current) => [
      `0x${(current as string).slice(2).toUpperCase()}`,
      `0x${(current as string).slice(3)}`,
      BigInt(current as string).toString(),
      BigInt(current as string),
      `0x1${"0".repeat(64)}`,
      "0x",
      "0xg1",
      7,
      bytesToHex(rng.bytes(32)),
    ]),
  "order:bytes": (rng, b) =>
    mutateLeaf(rng, b, ["bytes"], (_, current) => {
      const text = current as string;
      const flipped =
        text.length > 2
          ? `${text.slice(0, -1)}${((Number.parseInt(text.slice(-1), 16) + 1) % 16).toString(16)}`
          : "0x00";
      return [
        flipped,
        `${text}0`,
        text.slice(2),
        `0x${text.slice(2).toUpperCase()}`,
        "0x",
        "0X00",
        5,
        `${text}00`,
      ];
    }),
  "order:solver": (rng, b) =>
    mutateLeaf(rng, b, ["solver"], (_, current) => {
      const lower = (current as string).toLowerCase();
      const good = checksumAddress(Buffer.from(lower.slice(2), "hex"));
      const bad = good.replace(/[a-f]/, (c) => c.toUpperCase());
      return [
        good,
        bad,
        lower.toUpperCase().replace("0X", "0x"),
        lower.slice(0, -2),
        evmAddress(rng),
        "",
        null,
      ];
    }),
  "order:array": (rng, b) => {
    const leaf = pickLeaf(rng, order(b), ["array"]);
    if (leaf === undefined) return b.params;
    const current = get(order(b), leaf.path) as unknown[];
    const roll = rng.int(5);
    const next =
      roll === 0
        ? current.slice(1)
        : roll === 1
          ? [...current, ...current.slice(0, 1)]
          : roll === 2
            ? [...current].reverse()
            : roll === 3
              ? []
              : rng.pick([{}, "[]", null]);
    return withOrder(b, setIn(order(b), leaf.path, next));
  },
  "order:struct": (rng, b) => mutateLeaf(rng, b, ["struct"], () => [null, [], "object", 1]),
  "order:missing": (rng, b) => {
    const leaf = rng.pick(leaves(order(b)));
    return withOrder(b, setIn(order(b), leaf.path, undefined, true));
  },
  "order:extra": (rng, b) => {
    const leaf = pickLeaf(rng, order(b), ["struct"]);
    const path = leaf?.path ?? [];
    return withOrder(
      b,
      setIn(order(b), [...path, rng.pick(["hubType", "note", "deadline2"])], rng.pick([1, "x", {}])),
    );
  },
  "order:version": (rng, b) =>
    withOrder(b, { ...order(b), version: rng.pick(["v1", "v2", "v3", "V1", "", 1, null, undefined]) }),
  "order:notObject": (rng, b) => withOrder(b, rng.pick([null, undefined, "order", 1, []])),
  // Options: chains and the legacy choice.
  "chains:dropSlug": (rng, b) => {
    const leaf = pickLeaf(rng, order(b), ["slug"]);
    const slug = leaf ? (get(order(b), leaf.path) as string) : "base";
    const vmTypes = { ...chains.vmTypes };
    delete vmTypes[slug];
    return { ...b.params, chains: { ...chains, vmTypes } };
  },
  "chains:depository": (rng, b) => {
    const slug = (b.params.paymentDetails as Json).chainId as string;
    const depositories = { ...chains.depositories };
    if (rng.chance(0.5)) delete depositories[slug];
    else depositories[slug] = rng.pick(["0x59916da825d2d2ec1bf878d71c88826f6633ecca", "723071", "other"]);
    return { ...b.params, chains: { ...chains, depositories } };
  },
  "legacy:choice": (rng, b) => ({
    ...b.params,
    legacyBitcoinEncoding: rng.pick(["ff-prefixed", "unprefixed", undefined, "prefixed"]),
  }),
  // The given order id.
  "orderId:given": (rng, b) => {
    const id = b.params.orderId as string;
    const i = 2 + rng.int(64);
    const flipped = `${id.slice(0, i)}${((Number.parseInt(id.charAt(i), 16) + 1) % 16).toString(16)}${id.slice(i + 1)}`;
    return {
      ...b.params,
      orderId: rng.pick([flipped, id.slice(0, -2), `${id}00`, id.slice(2), null, undefined, 1, ""]),
    };
  },
  // Payment details.
  "payment:amount": (rng, b) => {
    const value = BigInt((b.params.paymentDetails as Json).amount as string | number);
    return withPayment(b, {
      amount: rng.pick([
        (value + 1n).toString(),
        value > 0n ? (value - 1n).toString() : "1",
        "0",
        Number(value % 100n),
        "1.0",
        -1,
        null,
        (2n ** 256n).toString(),
      ]),
    });
  },
  "payment:chainId": (rng, b) =>
    withPayment(b, { chainId: rng.pick([slugOf(rng), "zksync", "", 8453, null]) }),
  "payment:currency": (rng, b) => {
    const slug = (b.params.paymentDetails as Json).chainId as string;
    const vm = vmOfSlug[slug] ?? "ethereum-vm";
    const current = (b.params.paymentDetails as Json).currency as string;
    return withPayment(b, {
      currency: rng.pick([
        addressFor(rng, vm, true),
        addressFor(rng, otherVm(rng, vm), true),
        current.startsWith("0x") ? current.toUpperCase().replace("0X", "0x") : current,
        "",
        null,
      ]),
    });
  },
  "payment:depository": (rng, b) => {
    const current = (b.params.paymentDetails as Json).depository as string;
    return withPayment(b, {
      depository: rng.pick([
        current.toUpperCase().replace("0X", "0x"),
        "0x59916da825d2d2ec1bf878d71c88826f6633ecca",
        "0x4cd00e387622c35bddb9b4c962c136462338bc31",
        `${current}0`,
        "",
        null,
        7,
      ]),
    });
  },
  "payment:missing": (rng, b) => {
    const copy = { ...(b.params.paymentDetails as Json) };
    delete copy[rng.pick(["chainId", "depository", "currency", "amount"])];
    return { ...b.params, paymentDetails: rng.chance(0.2) ? rng.pick([null, [], "x"]) : copy };
  },
  // Solvers.
  "solvers:malformed": (rng, b) => ({
    ...b.params,
    solvers: rng.pick([["0x1234"], [b.signer, null], "0xabc", [`${b.signer}00`], [42]]),
  }),
  "solvers:recased": (rng, b) => ({ ...b.params, solvers: [hexCase(rng, b.signer)] }),
  // Signature bytes.
  "signature:bitFlip": (rng, b) => {
    const bytes = Buffer.from((b.params.orderSignature as string).slice(2), "hex");
    const i = rng.int(64);
    bytes[i] = (bytes[i] as number) ^ (1 << rng.int(8));
    return withSignature(b, `0x${bytes.toString("hex")}`);
  },
  "signature:v": (rng, b) =>
    withSignature(b, rsv(b.r, b.s, rng.pick([0, 1, 2, 26, 27, 28, 29, 35, 36, 127, 255]))),
  "signature:vFlipped": (_, b) => withSignature(b, rsv(b.r, b.s, 28 - b.recovery)),
  "signature:highSTwin": (rng, b) =>
    withSignature(b, rsv(b.r, secp256k1N - b.s, rng.chance(0.8) ? 28 - b.recovery : 27 + b.recovery)),
  "signature:rEdge": (rng, b) =>
    withSignature(
      b,
      rsv(rng.pick([0n, 1n, secp256k1N - 1n, secp256k1N, 2n ** 256n - 1n, 5n]), b.s, currentV(b)),
    ),
  "signature:sEdge": (rng, b) =>
    withSignature(
      b,
      rsv(
        b.r,
        rng.pick([0n, 1n, secp256k1HalfN, secp256k1HalfN + 1n, secp256k1N - 1n, secp256k1N]),
        currentV(b),
      ),
    ),
  "signature:random": (rng, b) =>
    withSignature(b, rsv(1n + rng.bigint(255), 1n + rng.bigint(254), rng.pick([27, 28, 0, 1]))),
  "signature:length": (rng, b) => {
    const hex = (b.params.orderSignature as string).slice(2);
    return withSignature(
      b,
      `0x${rng.pick([hex.slice(0, 128), hex.slice(0, 126), "", `${hex}00`, `${hex}${hex}`])}`,
    );
  },
  "signature:hex": (rng, b) => {
    const sig = b.params.orderSignature as string;
    return withSignature(
      b,
      rng.pick([sig.slice(2), `${sig}0`, `${sig.slice(0, -1)}g`, `0X${sig.slice(2)}`, 27, null, undefined]),
    );
  },
  "signature:uniform": (rng, b) =>
    withSignature(b, `0x${byteHex(rng.pick([0, 0xff, 0x1b, 0x1c])).repeat(65)}`),
  // Hex digits swapped for characters whose low byte is the digit (Node's hex decoder takes them).
  "hex:lookalike": (rng, b) => {
    const target = rng.pick(["signature", "orderId", "depository", "leaf"] as const);
    if (target === "signature") return withSignature(b, lookalikeHex(rng, b.params.orderSignature as string));
    if (target === "orderId") return { ...b.params, orderId: lookalikeHex(rng, b.params.orderId as string) };
    const depository = (b.params.paymentDetails as Json).depository as string;
    if (target === "depository" && depository.startsWith("0x"))
      return withPayment(b, { depository: lookalikeHex(rng, depository) });
    return mutateLeaf(rng, b, ["salt", "bytes", "solver", "address"], (_, current) => [
      typeof current === "string" && current.startsWith("0x") ? lookalikeHex(rng, current) : current,
    ]);
  },
  "signature:otherOrder": (rng, b) => {
    // A genuine signature by the same key, over another order id.
    const digest = personalDigest(rng.bytes(32));
    const key = secretKeys[signers.indexOf(b.signer as `0x${string}`)] as Uint8Array;
    const sig = secp256k1.sign(digest, key, { prehash: false, format: "recovered" });
    return withSignature(b, `0x${bytesToHex(sig.subarray(1)).slice(2)}${byteHex(27 + (sig[0] as number))}`);
  },
};

/** The kinds the orders profile cycles through. */
export const orderKinds = Object.keys(orderMutations);

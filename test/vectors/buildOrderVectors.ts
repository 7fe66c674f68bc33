// Builds the shared order vectors deterministically: the public vectors (copied, with the ids
// their sources publish), the live quote, and orders signed by a test key (RFC 6979), each with
// the verdict the rules give it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Hex, keccak256, numberToHex, serializeSignature, stringToHex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { secp256k1N } from "../../packages/attestkit/src/attestation/constants.js";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import { orderIdDigest } from "../../packages/attestkit/src/orders/orderIdDigest.js";
import { toOrderChains } from "../../packages/attestkit/src/orders/toOrderChains.js";
import type { LegacyBitcoinEncoding, OrderChains } from "../../packages/attestkit/src/orders/types.js";
import { verifyOrder } from "../../packages/attestkit/src/orders/verifyOrder.js";

type Json = Record<string, unknown>;

export type OrderVector = {
  name: string;
  description: string;
  /** Where a public vector comes from; null for generated ones. */
  source: string | null;
  chains: OrderChains;
  legacyBitcoinEncoding: LegacyBitcoinEncoding | null;
  solvers: string[];
  orderId: unknown;
  orderData: unknown;
  /** null for public vectors that carry no signature: those pin the order id only. */
  orderSignature: unknown;
  paymentDetails: unknown;
  expected: {
    /** The recomputed order id (null when the order is malformed). */
    orderId: Hex | null;
    /** EIP-191 digest of the recomputed id. */
    digest: Hex | null;
    /** Verdict of verifyOrder; null for unsigned public vectors and thrown errors. */
    valid: boolean | null;
    signer: string | null;
    reason: string | null;
    /** Name of the error thrown, when the input is malformed. */
    error: string | null;
  };
};

export type OrderVectorFile = { description: string; solvers: string[]; vectors: OrderVector[] };

const read = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(name, import.meta.url)), "utf8"));
const key = (label: string): Hex => keccak256(stringToHex(`attestkit/vectors/${label}`));
export const orderVectorKeys = { solver: key("order-solver"), stranger: key("order-stranger") };
const solver = privateKeyToAccount(orderVectorKeys.solver).address.toLowerCase();
const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

const sharedChains = toOrderChains({ chains: read("./order-chains.json") });
const chains: OrderChains = {
  vmTypes: { ...sharedChains.vmTypes, tron: "tron-vm" },
  depositories: { ...sharedChains.depositories },
};

const user = "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd";
const usdcBase = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const zero = "0x0000000000000000000000000000000000000000";
const extra = "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f";
const solanaUser = "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1";
const usdcSolana = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const salt = (label: string) => keccak256(stringToHex(`salt/${label}`));

const refund = (chainId: string, recipient: string, currency: string, extraData = extra) => ({
  chainId,
  recipient,
  currency,
  minimumAmount: "0",
  deadline: 1791082506,
  extraData,
});

/** A v1 order paid on base in `currency`, output on `chainId`. */
function v1(label: string, output: Json, patch: Json = {}, paid: Json = {}): Json {
  return {
    version: "v1",
    solverChainId: "base",
    solver,
    salt: salt(label),
    inputs: [
      {
        payment: { chainId: "base", currency: usdcBase, amount: "100000000", weight: "1", ...paid },
        refunds: [refund("base", user, usdcBase)],
      },
    ],
    output: { calls: [], deadline: 1791082506, extraData: "0x", ...output },
    fees: [],
    ...patch,
  };
}

const basePayment = { chainId: "base", depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31", currency: usdcBase, amount: "100000000" };

type Case = {
  name: string;
  description: string;
  source?: string;
  orderData: unknown;
  orderId?: unknown;
  orderSignature?: unknown;
  paymentDetails?: unknown;
  solvers?: string[];
  legacyBitcoinEncoding?: LegacyBitcoinEncoding;
  chains?: OrderChains;
  /** Sign with this key over the recomputed id (default: the solver key), unless a signature is given. */
  key?: Hex;
  /** For public vectors: the published id is the expectation, not a computed one. */
  publishedId?: Hex;
};

async function signId(orderId: Hex, privateKey: Hex = orderVectorKeys.solver): Promise<Hex> {
  return serializeSignature(await sign({ hash: orderIdDigest({ orderId }), privateKey }));
}

const word = (n: bigint) => numberToHex(n, { size: 32 }).slice(2);

async function cases(): Promise<Case[]> {
  const out: Case[] = [];

  // Public vectors: the id their source publishes is the expectation.
  const publicOrders = read("./public-orders.json") as {
    orders: { name: string; source: string; chains: Record<string, string> | null; orderId: Hex; orderData: unknown; paymentDetails?: unknown }[];
  };
  for (const o of publicOrders.orders)
    out.push({
      name: `public-${o.name}`,
      description: "A public order vector: its source publishes the order id.",
      source: o.source,
      orderData: o.orderData,
      orderId: o.orderId,
      publishedId: o.orderId,
      paymentDetails: o.paymentDetails ?? null,
      chains: o.chains ? { vmTypes: o.chains as OrderChains["vmTypes"] } : chains,
    });

  const live = read("./live-quote.json") as { source: string; protocol: { v2: Json } };
  out.push({
    name: "live-quote",
    description: "A real quote of the live service: its orderSignature recovers to the live solver.",
    source: live.source,
    orderData: live.protocol.v2.orderData,
    orderId: live.protocol.v2.orderId,
    orderSignature: live.protocol.v2.orderSignature,
    paymentDetails: live.protocol.v2.paymentDetails,
    solvers: [liveSolver],
    publishedId: live.protocol.v2.orderId as Hex,
  });

  // Signed by the test key: every VM's addresses, both versions, every array shape.
  const evm = v1("evm", {
    chainId: "optimism",
    payments: [{ recipient: user, currency: zero, minimumAmount: "97980620418202610", expectedAmount: "99980224916533275" }],
    calls: ["0xd0e30db0"],
    extraData: extra,
  }, {
    fees: [{ recipientChainId: "base", recipient: "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f", currencyChainId: "base", currency: usdcBase, amount: "1000" }],
  });
  out.push({ name: "signed-v1-evm", description: "base USDC -> optimism ETH, with a call and a fee.", orderData: evm, paymentDetails: basePayment });
  out.push({
    name: "signed-v1-solana",
    description: "Output on Solana: recipient and USDC mint are 32 base58-decoded bytes; a Solana refund.",
    orderData: v1("solana", {
      chainId: "solana",
      payments: [{ recipient: solanaUser, currency: usdcSolana, minimumAmount: "187151", expectedAmount: "196567" }],
    }, { inputs: [{ payment: { chainId: "base", currency: usdcBase, amount: "100000000", weight: "1" }, refunds: [refund("base", user, usdcBase), refund("solana", solanaUser, usdcSolana, "0x")] }] }),
    paymentDetails: basePayment,
  });
  out.push({
    name: "signed-v1-bitcoin-bech32",
    description: "Output on Bitcoin to a bech32 v0 address in the native-currency sentinel; a refund to a bech32m (taproot) address.",
    orderData: v1("bitcoin", {
      chainId: "bitcoin",
      payments: [{ recipient: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", currency: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", minimumAmount: "150000", expectedAmount: "151000" }],
    }, { inputs: [{ payment: { chainId: "base", currency: usdcBase, amount: "100000000", weight: "1" }, refunds: [refund("bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", "0x")] }] }),
    paymentDetails: basePayment,
  });
  const legacy = v1("bitcoin-legacy", {
    chainId: "bitcoin",
    payments: [{ recipient: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", currency: "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8", minimumAmount: "150000", expectedAmount: "151000" }],
  });
  out.push({ name: "signed-v1-bitcoin-legacy-ff-prefixed", description: "Legacy P2PKH recipient, encoded 0xff || version || hash160 (22 bytes).", orderData: legacy, legacyBitcoinEncoding: "ff-prefixed", paymentDetails: basePayment });
  out.push({ name: "signed-v1-bitcoin-legacy-unprefixed", description: "The same order, encoded version || hash160 (21 bytes): another order id.", orderData: legacy, legacyBitcoinEncoding: "unprefixed", paymentDetails: basePayment });
  out.push({ name: "bitcoin-legacy-without-choice", description: "A legacy address and no named encoding: refused, never guessed.", orderData: legacy, orderSignature: `0x${"00".repeat(65)}`, orderId: `0x${"00".repeat(32)}`, paymentDetails: basePayment });
  out.push({
    name: "signed-v1-tron",
    description: "Output on Tron: recipient and USDT contract are 0x41 || 20 bytes.",
    orderData: v1("tron", {
      chainId: "tron",
      payments: [{ recipient: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", currency: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", minimumAmount: "99000000", expectedAmount: "99500000" }],
    }),
    paymentDetails: basePayment,
  });
  out.push({
    name: "signed-v1-lighter",
    description: "Output on the exchange: account index and asset id as 16 big-endian bytes.",
    orderData: v1("lighter", {
      chainId: "lighter",
      payments: [{ recipient: "281474976710654", currency: "0", minimumAmount: "99000000", expectedAmount: "99500000" }],
    }),
    paymentDetails: basePayment,
  });
  out.push({
    name: "signed-v1-hyperliquid",
    description: "Output on Hyperliquid: a 20-byte recipient and a 16-byte token id.",
    orderData: v1("hyperliquid", {
      chainId: "hyperliquid",
      payments: [{ recipient: user, currency: "0x00000000000000000000000000000000", minimumAmount: "99000000", expectedAmount: "99500000" }],
    }),
    paymentDetails: basePayment,
  });
  out.push({
    name: "signed-v1-many",
    description: "Two inputs, three refunds, two payments, three calls, two fees.",
    orderData: v1("many", {
      chainId: "arbitrum",
      payments: [
        { recipient: user, currency: zero, minimumAmount: "1", expectedAmount: "2" },
        { recipient: "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f", currency: usdcBase, minimumAmount: (2n ** 256n - 1n).toString(), expectedAmount: (2n ** 256n - 1n).toString() },
      ],
      calls: ["0x", "0xd0e30db0", `0x${"ab".repeat(100)}`],
      deadline: 4294967295,
    }, {
      inputs: [
        { payment: { chainId: "base", currency: usdcBase, amount: "100000000", weight: "2" }, refunds: [refund("base", user, usdcBase), refund("arbitrum", user, zero, "0x")] },
        { payment: { chainId: "ethereum", currency: zero, amount: "5", weight: "1" }, refunds: [refund("ethereum", user, zero)] },
      ],
      fees: [
        { recipientChainId: "base", recipient: user, currencyChainId: "base", currency: usdcBase, amount: "1" },
        { recipientChainId: "solana", recipient: solanaUser, currencyChainId: "ethereum", currency: zero, amount: "2" },
      ],
    }),
    paymentDetails: basePayment,
  });
  out.push({
    name: "signed-v1-empty",
    description: "Every array empty but inputs: no refunds, payments, calls or fees.",
    orderData: v1("empty", { chainId: "optimism", payments: [] }, { inputs: [{ payment: { chainId: "base", currency: usdcBase, amount: "100000000", weight: "1" }, refunds: [] }] }),
    paymentDetails: basePayment,
  });
  const sdkV2 = publicOrders.orders.find((o) => o.name === "sdk-v2")?.orderData as Json;
  out.push({
    name: "signed-v2",
    description: "The SDK's OrderV2 test order with the test key as relayer, signed: paid on Solana.",
    orderData: { ...sdkV2, relayer: solver },
    paymentDetails: { chainId: "solana", depository: "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2", currency: usdcSolana, amount: "100000000" },
  });

  // Signature rules on signed-v1-evm.
  const id = hashOrder({ orderData: evm, chains });
  const sig = await sign({ hash: orderIdDigest({ orderId: id }), privateKey: orderVectorKeys.solver });
  const r = sig.r.slice(2);
  const s = sig.s.slice(2);
  const v = Number(sig.v);
  const raw = (rr: string, ss: string, vv: number) => `0x${rr}${ss}${vv.toString(16).padStart(2, "0")}`;
  const onEvm = (name: string, description: string, orderSignature: string) =>
    out.push({ name, description, orderData: evm, orderId: id, orderSignature, paymentDetails: basePayment });
  onEvm("signature-v-as-0-1", "v in {0, 1} reads as {27, 28}.", raw(r, s, v - 27));
  for (const bad of [2, 26, 29, 255]) onEvm(`signature-v-${bad}`, `v = ${bad} is refused.`, raw(r, s, bad));
  onEvm("signature-v-flipped", "The other parity recovers another key.", raw(r, s, v === 27 ? 28 : 27));
  onEvm("signature-high-s-twin", "The malleable twin (n - s, other parity) is refused.", raw(r, word(secp256k1N - BigInt(sig.s)), v === 27 ? 28 : 27));
  onEvm("signature-r-zero", "r = 0.", raw(word(0n), s, v));
  onEvm("signature-r-n", "r = n.", raw(word(secp256k1N), s, v));
  onEvm("signature-s-zero", "s = 0.", raw(r, word(0n), v));
  onEvm("signature-r-not-on-curve", "r = 5 is no x-coordinate on the curve.", raw(word(5n), s, v));
  onEvm("signature-zero", "65 zero bytes.", `0x${"00".repeat(65)}`);
  onEvm("signature-length-64", "64-byte compact form: refused.", `0x${r}${s}`);
  onEvm("signature-length-66", "One byte too many.", `${raw(r, s, v)}00`);
  onEvm("signature-stranger", "Signed by a key outside the solver set.", await signId(id, orderVectorKeys.stranger));
  onEvm("signature-as-text", "Signed over the id's hex text instead of its 32 bytes: another digest.", serializeSignature(await sign({ hash: keccak256(stringToHex(`\x19Ethereum Signed Message:\n66${id}`)), privateKey: orderVectorKeys.solver })));

  // Tampering after signing.
  const signed = raw(r, s, v);
  const tampered = (path: (o: Json) => void) => {
    const copy = structuredClone(evm);
    path(copy);
    return copy;
  };
  out.push({ name: "tampered-output-minimum", description: "output.payments[0].minimumAmount - 1 after signing.", orderData: tampered((o) => (((o.output as Json).payments as Json[])[0] as Json).minimumAmount = "97980620418202609"), orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "tampered-input-amount", description: "inputs[0].payment.amount + 1 after signing (and paymentDetails to match).", orderData: tampered((o) => (((o.inputs as Json[])[0] as Json).payment as Json).amount = "100000001"), orderId: id, orderSignature: signed, paymentDetails: { ...basePayment, amount: "100000001" } });
  out.push({ name: "tampered-payment-amount", description: "paymentDetails.amount + 1: not covered by the id, caught against the signed payment.", orderData: evm, orderId: id, orderSignature: signed, paymentDetails: { ...basePayment, amount: "100000001" } });
  out.push({ name: "tampered-payment-currency", description: "paymentDetails.currency is another token.", orderData: evm, orderId: id, orderSignature: signed, paymentDetails: { ...basePayment, currency: zero } });
  out.push({ name: "tampered-depository", description: "paymentDetails.depository is not base's.", orderData: evm, orderId: id, orderSignature: signed, paymentDetails: { ...basePayment, depository: "0x59916da825d2d2ec1bf878d71c88826f6633ecca" } });
  out.push({ name: "tampered-order-id", description: "The given orderId is another order's.", orderData: evm, orderId: salt("other"), orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "payment-currency-upper-case", description: "paymentDetails.currency in another case: the same bytes, valid.", orderData: evm, orderId: id, orderSignature: signed, paymentDetails: { ...basePayment, currency: usdcBase.toUpperCase().replace("0X", "0x") } });

  // Malformed: thrown errors.
  out.push({ name: "unknown-chain", description: "An output chain the chains do not list.", orderData: tampered((o) => ((o.output as Json).chainId = "zkfoo")), orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "unknown-version", description: "orderData.version v3.", orderData: { ...evm, version: "v3" }, orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "amount-decimal", description: "An amount with a decimal point.", orderData: tampered((o) => (((o.inputs as Json[])[0] as Json).payment as Json).amount = "1.5"), orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "deadline-over-uint32", description: "A deadline of 2^32.", orderData: tampered((o) => ((o.output as Json).deadline = 4294967296)), orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "address-on-wrong-vm", description: "A Solana address where base (EVM) is named.", orderData: tampered((o) => (((o.inputs as Json[])[0] as Json).payment as Json).currency = usdcSolana), orderId: id, orderSignature: signed, paymentDetails: basePayment });
  out.push({ name: "signature-missing", description: "A quote asked without includeProtocolData carries no signature.", orderData: evm, orderId: id, orderSignature: null, paymentDetails: basePayment });
  return out;
}

/** Builds every vector with its expected outcome under the written rules. */
export async function buildOrderVectors(): Promise<OrderVectorFile> {
  const vectors: OrderVector[] = [];
  for (const c of await cases()) {
    const vectorChains = c.chains ?? chains;
    const options = { chains: vectorChains, legacyBitcoinEncoding: c.legacyBitcoinEncoding };
    let recomputed: Hex | null = null;
    try {
      recomputed = hashOrder({ orderData: c.orderData, ...options });
    } catch {}
    // Unsigned public vectors pin the published id only; every other vector gets a verdict.
    const unsigned = c.source !== undefined && c.orderSignature === undefined;
    const orderId = c.orderId ?? recomputed;
    const orderSignature = unsigned
      ? null
      : c.orderSignature !== undefined
        ? c.orderSignature
        : await signId(recomputed as Hex, c.key);
    const solvers = c.solvers ?? [solver];
    const expected: OrderVector["expected"] = {
      orderId: c.publishedId ?? recomputed,
      digest: recomputed ? orderIdDigest({ orderId: recomputed }) : null,
      valid: null,
      signer: null,
      reason: null,
      error: null,
    };
    if (!unsigned) {
      try {
        const verdict = await verifyOrder({
          orderId,
          orderData: c.orderData,
          orderSignature,
          paymentDetails: c.paymentDetails,
          solvers,
          ...options,
        });
        expected.valid = verdict.valid;
        expected.signer = verdict.signer;
        expected.reason = verdict.reason ?? null;
      } catch (error) {
        expected.error = (error as Error).name;
      }
    }
    vectors.push({
      name: c.name,
      description: c.description,
      source: c.source ?? null,
      chains: { vmTypes: { ...vectorChains.vmTypes }, depositories: { ...(vectorChains.depositories ?? {}) } },
      legacyBitcoinEncoding: c.legacyBitcoinEncoding ?? null,
      solvers,
      orderId,
      orderData: c.orderData,
      orderSignature,
      paymentDetails: c.paymentDetails ?? null,
      expected,
    });
  }
  return {
    description:
      "attestkit order vectors (protocol.v2). orderId = EIP-712 hashStruct(orderData), no domain; digest = EIP-191 over the 32 raw bytes of orderId; orderSignature signs digest. public-* vectors pin the order id their source publishes (no signature); live-quote is a real quote signed by the live solver; the others are signed by keccak256('attestkit/vectors/order-solver'). Generated by scripts/generate.ts (npm run generate).",
    solvers: [solver],
    vectors,
  };
}

// Test support for the order tests: the shared chains, the live quote, a sample
// order of each version and a signer.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Hex, hashMessage, keccak256, serializeSignature, stringToHex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { toOrderChains } from "../../src/orders/toOrderChains.js";
import type { OrderChains } from "../../src/orders/types.js";

const read = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../vectors/${name}`, import.meta.url)), "utf8"));

/** The chains of test/vectors/order-chains.json (a GET /chains answer). */
export const chainsAnswer = read("order-chains.json") as { chains: unknown[] };
export const orderChains: OrderChains = toOrderChains({ chains: chainsAnswer });

/** The live quote of test/vectors/live-quote.json. */
export function liveQuote(): {
  requestId: string;
  protocol: { v2: Record<string, unknown> & { orderData: Record<string, unknown> } };
} {
  return read("live-quote.json");
}

/** The live solver. */
export const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

/** A test solver key (never a real one). */
export const testKey = keccak256(stringToHex("attestkit/vectors/order-solver"));
export const testSolver = privateKeyToAccount(testKey).address;
export const strangerKey = keccak256(stringToHex("attestkit/vectors/order-stranger"));

/** Signs an order id the way the solver does: EIP-191 over its 32 raw bytes. */
export async function signOrderId(orderId: Hex, privateKey: Hex = testKey): Promise<Hex> {
  return serializeSignature(await sign({ hash: hashMessage({ raw: orderId }), privateKey }));
}

/** A v1 order base -> optimism with a fee, a call and two refunds (EVM only). */
export function sampleOrderV1(): Record<string, unknown> & {
  inputs: { payment: Record<string, unknown>; refunds: Record<string, unknown>[] }[];
  output: Record<string, unknown> & { payments: Record<string, unknown>[]; calls: string[] };
  fees: Record<string, unknown>[];
} {
  return {
    version: "v1",
    solverChainId: "base",
    solver: testSolver.toLowerCase(),
    salt: "0x184ed77f343bff09b7255a75f0be900ac82c00c276c0a97eed2948ab3a1e8503",
    inputs: [
      {
        payment: {
          chainId: "base",
          currency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
          amount: "100000000",
          weight: "1",
        },
        refunds: [
          {
            chainId: "base",
            recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd",
            currency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
            minimumAmount: "0",
            deadline: 1791082506,
            extraData: "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
          },
          {
            chainId: "optimism",
            recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd",
            currency: "0x0000000000000000000000000000000000000000",
            minimumAmount: "1",
            deadline: 1791082507,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: "optimism",
      payments: [
        {
          recipient: "0xF0AE622e463fa757Cf72243569E18Be7Df1996cd",
          currency: "0x0000000000000000000000000000000000000000",
          minimumAmount: "97980620418202610",
          expectedAmount: "99980224916533275",
        },
      ],
      calls: ["0xd0e30db0"],
      deadline: 1791082506,
      extraData: "0x000000000000000000000000b92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
    },
    fees: [
      {
        recipientChainId: "base",
        recipient: "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f",
        currencyChainId: "base",
        currency: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
        amount: "1000",
      },
    ],
  };
}

/** The payment details that match {@link sampleOrderV1}. */
export function samplePaymentDetails(): Record<string, unknown> {
  return {
    chainId: "base",
    depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31",
    currency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    amount: "100000000",
  };
}

/** The settlement SDK's v2 test order (test/vectors/public-orders.json, sdk-v2). */
export function sampleOrderV2(): Record<string, unknown> {
  const file = read("public-orders.json") as {
    orders: { name: string; orderData: Record<string, unknown> }[];
  };
  return (file.orders.find((o) => o.name === "sdk-v2") as { orderData: Record<string, unknown> }).orderData;
}

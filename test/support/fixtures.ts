// Test support: the one fixture set. Response bodies shaped like real traffic (more fields than
// the interface documents, nulls for optional values, numbers sent as strings in places) live as
// JSON files in fixtures/, one or more per endpoint, each accepted by its response schema (see
// packages/attestkit/src/schemas/responses.test.ts); this module loads them and builds the bodies tests vary, and
// holds the attestation and order fixtures read from the shared vectors (test/vectors/).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Hex, hashMessage, keccak256, serializeSignature, stringToHex } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import type { RequestDataV1 } from "../../packages/attestkit/src/attestation/types.js";
import { toOrderChains } from "../../packages/attestkit/src/orders/toOrderChains.js";
import type { OrderChains } from "../../packages/attestkit/src/orders/types.js";

/** The directory of the response bodies. */
export const fixturesDirectory = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** A response body of fixtures/, parsed from JSON (a fresh copy on every call). */
// biome-ignore lint/suspicious/noExplicitAny: fixtures are read and changed freely in tests.
export function loadFixture(name: string): any {
  return JSON.parse(readFileSync(`${fixturesDirectory}${name}`, "utf8"));
}

/**
 * A genuine attestation from the live service's public documentation (input-validation guide),
 * signed by the live solver. It pins the whole scheme bit for bit.
 */
export const liveAttestation = JSON.parse(
  readFileSync(fileURLToPath(new URL("../vectors/live-attestation.json", import.meta.url)), "utf8"),
) as { requestId: Hex; requestData: RequestDataV1; signature: Hex };

/** Hardhat's well-known first test account. */
export const testKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
export const testAddress = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;

export const requestId = "0x5e3f1c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f";
export const user = "0x03508bb71268bba25ecacc8f620e01866650532c";
export const zeroAddress = "0x0000000000000000000000000000000000000000";

/** A valid quote or price request body (Ethereum to Base, native to native). */
export function routeRequest(overrides: Record<string, unknown> = {}) {
  return {
    user,
    originChainId: 1,
    destinationChainId: 8453,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT" as const,
    ...overrides,
  };
}

/** A price body: Ethereum to Base, native to native (`price.eth-to-base.json`). */
export const priceResponse = loadFixture("price.eth-to-base.json");

/** An EVM deposit step that sends `value` to `to` on `chainId`, checked at the status endpoint. */
export function depositStep({
  chainId = 1,
  to = "0x4cd00e387622c35bddb9b4c962c136462338bc31",
  from = user,
  value = "1000000000000000",
  id = requestId,
  extra = {},
}: {
  chainId?: number | string;
  to?: string;
  from?: string;
  value?: string;
  id?: string;
  extra?: Record<string, unknown>;
} = {}) {
  return {
    id: "deposit",
    action: "Confirm transaction in your wallet",
    description: "Depositing funds to the relayer to execute the swap for ETH",
    kind: "transaction",
    requestId: id,
    depositAddress: "",
    items: [
      {
        status: "incomplete",
        data: {
          from,
          to,
          data: "0x",
          value,
          chainId,
          gas: null,
          maxFeePerGas: null,
          maxPriorityFeePerGas: null,
          ...extra,
        },
        check: { endpoint: `/intents/status/v3?requestId=${id}`, method: "GET" },
      },
    ],
  };
}

/** A quote body with these steps (`quote.eth-to-base.json`: the price body, protocol data, request id). */
export function quoteResponse(steps: unknown[] = [depositStep()]) {
  return { ...loadFixture("quote.eth-to-base.json"), steps };
}

/** A status body in `status`, as real traffic sends it (a chain id as a string, null details). */
export function statusResponse(status: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    inTxHashes: status === "waiting" ? [] : ["0xaaaa"],
    txHashes: status === "success" ? ["0xbbbb"] : [],
    updatedAt: 1732243200000,
    originChainId: 1,
    destinationChainId: "8453",
    details: null,
    failReason: status === "failure" || status === "refund" ? "SOLVER_CAPACITY_EXCEEDED" : "N/A",
    refundFailReason: "N/A",
    ...extra,
  };
}

/** A chains body: Ethereum with a field the interface does not list, and Bitcoin with a string id. */
export const chainsResponse = loadFixture("chains.ethereum-bitcoin.json");

/** A currencies body: ETH on Ethereum and Base in one group. */
export const currenciesResponse = loadFixture("currencies.eth.json");

// --- Orders (protocol.v2): the shared chains, the live quote, a sample order of each version, a signer. ---

const readVector = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../vectors/${name}`, import.meta.url)), "utf8"));

/** The chains of test/vectors/order-chains.json (a GET /chains answer). */
export const chainsAnswer = readVector("order-chains.json") as { chains: unknown[] };
export const orderChains: OrderChains = toOrderChains({ chains: chainsAnswer });

/** The live quote of test/vectors/live-quote.json. */
export function liveQuote(): {
  requestId: string;
  protocol: { v2: Record<string, unknown> & { orderData: Record<string, unknown> } };
} {
  return readVector("live-quote.json");
}

/** The live solver. */
export const liveSolver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef";

/** A test solver key (never a real one). */
export const orderTestKey = keccak256(stringToHex("attestkit/vectors/order-solver"));
export const orderTestSolver = privateKeyToAccount(orderTestKey).address;
export const orderStrangerKey = keccak256(stringToHex("attestkit/vectors/order-stranger"));

/** Signs an order id the way the solver does: EIP-191 over its 32 raw bytes. */
export async function signOrderId(orderId: Hex, privateKey: Hex = orderTestKey): Promise<Hex> {
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
    solver: orderTestSolver.toLowerCase(),
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
  const file = readVector("public-orders.json") as {
    orders: { name: string; orderData: Record<string, unknown> }[];
  };
  return (file.orders.find((o) => o.name === "sdk-v2") as { orderData: Record<string, unknown> }).orderData;
}

// Test support: the one fixture set. Response bodies shaped like real traffic (more fields than
// the interface documents, nulls for optional values, numbers sent as strings in places) live as
// JSON files in fixtures/, one or more per endpoint, each accepted by its response schema (see
// src/schemas/responses.test.ts); this module loads them and builds the bodies tests vary.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Hex } from "viem";
import type { RequestDataV1 } from "../../src/attestation/types.js";

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

// Helpers of the payment guard's attack suites: a hostile proxy in front of a devnet, the
// attacker's payees, rewrites of quote answers and PSBTs, and what a payer holds on the origin.
import { hex } from "@scure/base";
import { Transaction } from "@scure/btc-signer";
import { type Address, createPublicClient, erc20Abi, getAddress, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import type { TrustRoot } from "../../packages/attestkit/src/orders/trustRoot/types.js";
import type { OrderChains, OrderData } from "../../packages/attestkit/src/orders/types.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { devnetSolverPrivateKey } from "../../packages/devnet/src/constants.js";

export const attacker: Address = getAddress("0xbad0000000000000000000000000000000000bad");
export const attackerBitcoin = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
export const attackerAccount = "4242";
/** The devnet solver's key is a public test key: with it, a proxy plays a service that signs what it likes. */
export const serviceKey = privateKeyToAccount(devnetSolverPrivateKey);

// biome-ignore lint/suspicious/noExplicitAny: quote bodies are rewritten freely, at any depth
export type Json = Record<string, any>;

/** The `data` of item `index` of the step `stepId`. */
export const itemOf = (quote: Json, stepId: string, index = 0) =>
  (quote.steps as Json[]).find((step) => step.id === stepId)?.items[index].data as Json;

/**
 * Gives a changed order its recomputed id, in `protocol.v2` and wherever an item names it, and
 * signs it with the service's key (`sign`), or keeps the old signature.
 */
export async function reissue(quote: Json, chains: OrderChains, sign = true): Promise<Json> {
  const order = quote.protocol.v2 as Json;
  const orderId = hashOrder({ orderData: order.orderData as OrderData, chains });
  const old = (order.orderId as string).toLowerCase();
  order.orderId = orderId;
  quote.steps = JSON.parse(JSON.stringify(quote.steps).replaceAll(old.slice(2), orderId.slice(2)));
  if (sign) order.orderSignature = await serviceKey.signMessage({ message: { raw: orderId } });
  return quote;
}

/** Rebuilds a PSBT (hex) with its inputs as they are and its outputs changed by `change`. */
export function rebuildPsbt(
  psbt: string,
  change: (outputs: { script: Uint8Array; amount: bigint }[]) => { script: Uint8Array; amount: bigint }[],
): string {
  const source = Transaction.fromPSBT(hex.decode(psbt), { allowUnknownOutputs: true });
  const rebuilt = new Transaction({ allowUnknownOutputs: true });
  for (let i = 0; i < source.inputsLength; i++) rebuilt.addInput(source.getInput(i));
  const outputs = Array.from({ length: source.outputsLength }, (_, i) => {
    const { script, amount } = source.getOutput(i);
    return { script: script as Uint8Array, amount: amount as bigint };
  });
  for (const output of change(outputs)) rebuilt.addOutput(output);
  return hex.encode(rebuilt.toPSBT());
}

/** Nonce, native and token balances, and the allowance an attacker holds, of `owner` on a chain. */
export async function holdingsOf(rpcUrl: string, token: Address, owner: Address) {
  const chain = createPublicClient({ transport: http(rpcUrl) });
  const [nonce, native, balance, allowance] = await Promise.all([
    chain.getTransactionCount({ address: owner }),
    chain.getBalance({ address: owner }),
    chain.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    chain.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, attacker] }),
  ]);
  return { nonce, native, balance, allowance };
}

/** The requests a proxy forwarded after `from` that change anything (not GET). */
export const writesAfter = (requests: readonly string[], from: number) =>
  requests.slice(from).filter((request) => !request.startsWith("GET "));

/** What the intent builders read from a devnet harness (`useDevnet`). */
type IntentHarness = {
  origin: () => { chainId: number; contracts: { token: Address } };
  destination: () => { chainId: number; contracts: { token: Address } };
  account: (index: number) => { address: Address };
};

/**
 * The EVM intents the guard suites pay: `native` (0.01 ETH from the origin to the destination) and
 * `token` (5 USDC), from test account `index`, with `extra` fields over them.
 */
export function evmIntents({ origin, destination, account }: IntentHarness) {
  const native = (index: number, extra: Partial<QuoteRequest> = {}): QuoteRequest => ({
    user: account(index).address,
    originChainId: origin().chainId,
    destinationChainId: destination().chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "10000000000000000",
    tradeType: "EXACT_INPUT",
    ...extra,
  });
  const token = (index: number, extra: Partial<QuoteRequest> = {}): QuoteRequest => ({
    ...native(index),
    originCurrency: origin().contracts.token,
    destinationCurrency: destination().contracts.token,
    amount: "5000000",
    ...extra,
  });
  return { native, token };
}

/** A client of `baseUrl` (the devnet, or a proxy in front of it) that trusts the devnet's solver and trust root. */
export const trustingClient = (
  baseUrl: string,
  devnet: { info: { solver: { address: string } }; trustRoot: TrustRoot },
) =>
  createClient({ network: { baseUrl }, solvers: [devnet.info.solver.address], trustRoot: devnet.trustRoot });

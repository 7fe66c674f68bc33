/**
 * Orders (`protocol.v2`): verify a quote's solver-signed order off-chain with both independent
 * paths, then, given an RPC URL and a deployed `OrderVerifier`, onchain (an `eth_call`, no
 * transaction).
 *
 *   npx attestkit devnet &          # every chain has an OrderVerifier
 *   npx tsx examples/verifyOrder.ts                                  # a fresh devnet quote
 *   QUOTE=quote.json CHAINS=chains.json npx tsx examples/verifyOrder.ts  # a saved live quote
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (and `npm install --save-dev @attestkit/devnet`, Node.js >= 22.13,
 * for the devnet). With a client, the chain list is `toOrderChains({ chains: await client.getChains() })`.
 * The devnet at ATTESTKIT_API answers the defaults (its `GET /devnet/info`, quotes and chains), and
 * its OrderVerifier runs the onchain check, an `eth_call` on any chain: it is stateless.
 *
 * Environment (read when run, not when imported):
 *   ATTESTKIT_API   base URL of the devnet (default http://127.0.0.1:8787)
 *   QUOTE           path of a saved `POST /quote/v2` answer asked with includeProtocolData
 *                   (default: a fresh quote from the devnet, with its order signature)
 *   CHAINS          path of a saved `GET /chains` answer, `attestkit chains --out chains.json`
 *                   saves one (default the devnet's `GET /chains`)
 *   SOLVER          the solver address the order must be signed by (default the devnet's solver
 *                   for a fresh devnet quote; for a saved QUOTE, the live solver,
 *                   0xf70da97812cb96acdf810712aa562db8dfa3dbef)
 *   RPC_URL         JSON-RPC URL of a chain with an OrderVerifier, for the onchain check (default
 *                   the devnet's origin chain)
 *   VERIFIER        the OrderVerifier's address on that chain (default the devnet's
 *                   `contracts.orderVerifier` on its origin chain)
 * Files: the quote (QUOTE) and the chain list (CHAINS), JSON, when given.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createClient } from "attestkit/client";
import { orderVerifierAbi } from "attestkit/contracts";
import { toOrderChains, toOrderStruct, verifyQuote } from "attestkit/orders";
import { verifyQuoteNoble } from "attestkit/orders/noble"; // the second, independent path
import { type Address, createPublicClient, http, isHex } from "viem";

export async function main({
  quote,
  chainsAnswer,
  solver = "0xf70da97812cb96acdf810712aa562db8dfa3dbef", // the live solver
  onchain,
}: {
  /** A `POST /quote/v2` answer with `protocol.v2`. */
  quote: { protocol: { v2: { orderData: unknown; orderSignature: string } } };
  /** A `GET /chains` answer. */
  chainsAnswer: unknown;
  solver?: Address;
  /** An RPC URL and a deployed OrderVerifier, for the onchain check. */
  onchain?: { rpcUrl: string; verifier: Address };
}) {
  const chains = toOrderChains({ chains: chainsAnswer });
  const { valid, checks } = await verifyQuote({ quote, chains, solvers: [solver] }); // or verifyQuoteNoble: same verdict
  if (verifyQuoteNoble({ quote, chains, solvers: [solver] }).valid !== valid)
    throw new Error("the paths disagree");
  if (!valid)
    throw new Error(`do not pay: ${checks.filter((check) => !check.ok).map((check) => check.name)}`);
  if (!onchain) return { valid, onchain: undefined };

  const publicClient = createPublicClient({ transport: http(onchain.rpcUrl) });
  const order = toOrderStruct({ orderData: quote.protocol.v2.orderData, chains });
  const signature = quote.protocol.v2.orderSignature;
  if (!isHex(signature)) throw new Error("the order signature is not hex");
  // isValidOrder takes the v1 layout, isValidOrderV2 the SDK's v2: pick by the order's version.
  const ok =
    order.version === "v1"
      ? await publicClient.readContract({
          address: onchain.verifier,
          abi: orderVerifierAbi,
          functionName: "isValidOrder",
          args: [order, signature, solver],
        })
      : await publicClient.readContract({
          address: onchain.verifier,
          abi: orderVerifierAbi,
          functionName: "isValidOrderV2",
          args: [order, signature, solver],
        });
  return { valid, onchain: ok };
}

// Runs when started (npx tsx examples/verifyOrder.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const api = process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787";
  const client = createClient({ network: { baseUrl: api } });
  const devnet = await client.getDevnetInfo();
  const [origin, destination] = devnet.chains;
  const user = devnet.testAccounts[5]?.address;
  if (!origin || !destination || !user) throw new Error(`${api} is not a devnet`);
  const devnetQuote = () =>
    client.getQuote({
      user,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: "0x0000000000000000000000000000000000000000",
      destinationCurrency: "0x0000000000000000000000000000000000000000",
      amount: "1000000000000000",
      tradeType: "EXACT_INPUT",
      includeProtocolData: true, // the order's signature
    });
  const verifier = (process.env.VERIFIER ?? origin.contracts.orderVerifier) as Address | undefined;
  if (!verifier) throw new Error(`${api} has no OrderVerifier: set VERIFIER`);
  console.log(
    await main({
      quote: process.env.QUOTE ? JSON.parse(readFileSync(process.env.QUOTE, "utf8")) : await devnetQuote(),
      chainsAnswer: process.env.CHAINS
        ? JSON.parse(readFileSync(process.env.CHAINS, "utf8"))
        : await client.getChains(),
      // A saved quote is the live service's unless SOLVER says otherwise; a fresh one is the devnet's.
      solver: (process.env.SOLVER ??
        (process.env.QUOTE
          ? "0xf70da97812cb96acdf810712aa562db8dfa3dbef"
          : devnet.solver.address)) as Address,
      onchain: { rpcUrl: process.env.RPC_URL ?? origin.rpcUrl, verifier },
    }),
  );
}

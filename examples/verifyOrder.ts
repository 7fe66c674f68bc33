/**
 * Orders (`protocol.v2`): verify a quote's solver-signed order off-chain with both independent
 * paths, then, given an RPC URL and a deployed `OrderVerifier`, onchain (an `eth_call`, no
 * transaction).
 *
 *   QUOTE=quote.json CHAINS=chains.json npx tsx examples/verifyOrder.ts
 *   QUOTE=quote.json CHAINS=chains.json RPC_URL=... VERIFIER=0x... npx tsx examples/verifyOrder.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem`. With a client, the chain list is
 * `toOrderChains({ chains: await client.getChains() })`.
 *
 * Environment (read when run, not when imported):
 *   QUOTE      path of a saved `POST /quote/v2` answer asked with includeProtocolData
 *              (default quote.json)
 *   CHAINS     path of a saved `GET /chains` answer (default chains.json;
 *              `attestkit chains --out chains.json` saves one)
 *   SOLVER     the solver address the order must be signed by (default the live solver,
 *              0xf70da97812cb96acdf810712aa562db8dfa3dbef)
 *   RPC_URL    JSON-RPC URL of a chain with an OrderVerifier, for the onchain check (default
 *              none: the onchain check is skipped)
 *   VERIFIER   the OrderVerifier's address on that chain (default none: the onchain check is
 *              skipped; both RPC_URL and VERIFIER turn it on)
 * Files: the quote (QUOTE) and the chain list (CHAINS), JSON.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
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
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(
    await main({
      quote: JSON.parse(readFileSync(process.env.QUOTE ?? "quote.json", "utf8")),
      chainsAnswer: JSON.parse(readFileSync(process.env.CHAINS ?? "chains.json", "utf8")),
      solver: (process.env.SOLVER ?? "0xf70da97812cb96acdf810712aa562db8dfa3dbef") as Address, // the live solver
      // The onchain check, when both are given.
      ...(process.env.RPC_URL && process.env.VERIFIER
        ? { onchain: { rpcUrl: process.env.RPC_URL, verifier: process.env.VERIFIER as Address } }
        : {}),
    }),
  );

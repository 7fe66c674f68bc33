/**
 * Auditor quickstart: fetch an attestation and verify it with both independent implementations.
 *
 *   npx attestkit devnet &
 *   npx tsx examples/verifyAttestation.ts                   # a fresh quote's request
 *   REQUEST_ID=0x... npx tsx examples/verifyAttestation.ts  # a request of yours
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (and `npm install --save-dev @attestkit/devnet`, Node.js >= 22.13,
 * for the devnet). Run this way it checks against the devnet's solver (its `GET /devnet/info`).
 *
 * Environment (read when run, not when imported):
 *   ATTESTKIT_API   base URL of the devnet (default http://127.0.0.1:8787)
 *   REQUEST_ID      the request whose attestation is verified (default: the request of a fresh
 *                   quote from the devnet, which attests it at quote time; examples/backend.ts
 *                   prints the id of each request it makes)
 * Files: none.
 */
import { pathToFileURL } from "node:url";
import { verifyAttestation } from "attestkit";
import { createClient, getAttestation } from "attestkit/client";
import { verifyAttestationNoble } from "attestkit/noble"; // the second, independent implementation

export async function main({
  api,
  requestId,
  solvers,
}: {
  api: string;
  requestId: string;
  solvers?: string[];
}) {
  const client = createClient({ network: { baseUrl: api } });
  const { requestData, signature } = await getAttestation(client, { requestId });

  // `solvers` defaults to the live solver; a devnet's is in its GET /devnet/info.
  const { valid, signer, hash, digest, reason } = await verifyAttestation({
    requestId,
    requestData,
    signature,
    solvers,
  });
  const noble = verifyAttestationNoble({ requestId, requestData, signature, solvers });
  if (noble.valid !== valid || noble.digest !== digest) throw new Error("the two verifiers disagree");
  if (!valid) throw new Error(`INVALID: ${reason} (signed by ${signer})`);
  return { valid, signer, hash, digest };
}

/** The request of a fresh quote from the devnet: 0.001 ETH from its origin chain to its destination. */
async function quoteRequest(
  api: string,
  info: { chains: { chainId: number }[]; testAccounts: { address: string }[] },
) {
  const [origin, destination] = info.chains;
  const user = info.testAccounts[4]?.address;
  if (!origin || !destination || !user) throw new Error(`${api} is not a devnet`);
  const quote = await createClient({ network: { baseUrl: api } }).getQuote({
    user,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps[0]?.requestId;
  if (!requestId) throw new Error("the quote has no request id");
  return requestId;
}

// Runs when started (npx tsx examples/verifyAttestation.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const api = process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787";
  const info = await createClient({ network: { baseUrl: api } }).getDevnetInfo();
  const requestId = process.env.REQUEST_ID ?? (await quoteRequest(api, info));
  console.log(await main({ api, requestId, solvers: [info.solver.address] }));
}

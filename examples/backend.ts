/**
 * Backend quickstart: quote, check the attestation's verdict, execute the steps with a viem wallet
 * (the payment guard first proves they pay exactly the signed order asked for), follow the status to
 * the end.
 *
 *   npx attestkit devnet &
 *   npx tsx examples/backend.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit @attestkit/devnet viem` (the devnet needs Node.js >= 22.13). It pays from
 * a funded test account of the devnet it is pointed at.
 *
 * Environment (read when run, not when imported):
 *   ATTESTKIT_API   base URL of the devnet (default http://127.0.0.1:8787)
 * Files: none.
 */
import { pathToFileURL } from "node:url";
import { devnetTrustRoot } from "@attestkit/devnet";
import { createClient, executeSteps, waitForStatus } from "attestkit/client";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Pays 0.001 ETH from the origin chain to the destination chain; returns the request and its final status. */
export async function main({ api }: { api: string }) {
  // The devnet lists its chains, its solver and funded test accounts (test keys only). With the live
  // service these are your own: your wallet, your chains, `solvers` left to its default.
  const devnet = await createClient({ network: { baseUrl: api } }).getDevnetInfo();
  const [origin, destination] = devnet.chains;
  const payer = devnet.testAccounts[1];
  if (!origin || !destination || !payer) throw new Error(`${api} is not a devnet`);

  // The solver whose signed orders the payment guard accepts, and the trust root it pays into: the
  // devnet's here (derived from its public test keys); the live solver and published depositories by default.
  const client = createClient({
    network: { baseUrl: api },
    solvers: [devnet.solver.address],
    trustRoot: devnetTrustRoot({ originChainId: origin.chainId, destinationChainId: destination.chainId }),
  }); // live: createClient({ network: "mainnet", apiKey })
  const account = privateKeyToAccount(payer.privateKey);
  const wallet = createWalletClient({ account, transport: http(origin.rpcUrl) });
  const quote = await client.getQuote({
    user: account.address,
    recipient: account.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  }); // checked against every rule before it is sent
  const requestId = quote.steps[0]?.requestId;
  if (!requestId) throw new Error("the quote has no request id");

  const { verification } = await client.getAttestation({
    requestId,
    verify: { solvers: [devnet.solver.address] },
  });
  if (!verification.valid) throw new Error(`do not pay: ${verification.reason}`);
  // Refuses (PaymentMismatchError, nothing sent) unless every step pays exactly the order you asked for.
  await executeSteps(client, { quote, wallet, onProgress: (event) => console.log(event.type) });
  const final = await waitForStatus(client, { requestId, onUpdate: (status) => console.log(status.status) });
  if (final.status !== "success") throw new Error(`the request ended in ${final.status}`);
  return { requestId, status: final.status };
}

// Runs when started (npx tsx examples/backend.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(await main({ api: process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787" }));

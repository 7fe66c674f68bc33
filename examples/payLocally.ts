/**
 * Paying a receiver on a plain local chain, with no service: there is no solver to sign, so you
 * deploy a receiver whose solver is a key of your own and sign the attestation with it. This tests
 * your contract's integration (amounts, deadlines, replay, refusals) on a local node.
 * To test the whole flow (quote, attestation, fill, status, webhooks), use the devnet instead: it is
 * the service in miniature, with its own solver (examples/payReceiver.ts).
 *
 *   npx attestkit devnet &          # its origin chain, used as a plain local chain
 *   npx tsx examples/payLocally.ts
 *
 *   npx hardhat node --hostname 127.0.0.1 &       # in a Hardhat project; or: anvil &
 *   ATTESTKIT_RPC_URL=http://127.0.0.1:8545 npx tsx examples/payLocally.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (and `npm install --save-dev @attestkit/devnet`, Node.js >= 22.13,
 * for the devnet). It pays from the nodes' first test account (Hardhat's and anvil's account #0, the
 * devnet's test account 0: a public TEST key).
 *
 * Environment (read when run, not when imported):
 *   ATTESTKIT_RPC_URL   JSON-RPC URL of the local node (default the origin chain of the devnet at
 *                       ATTESTKIT_API, from its `GET /devnet/info`)
 *   ATTESTKIT_API       base URL of that devnet, read only without ATTESTKIT_RPC_URL (default
 *                       http://127.0.0.1:8787)
 * Files: none.
 */
import { pathToFileURL } from "node:url";
import { hashAttestation, toAttestationStruct } from "attestkit";
import { attestedDepositReceiverAbi } from "attestkit/contracts";
import { deployAttestationContracts, parseDeployParameters } from "attestkit/deploy";
import { createPublicClient, createWalletClient, type Hex, http, keccak256, padHex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Hardhat's funded test account #0: a public TEST key, for local nodes only. */
const hardhatTestKey: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export async function main({ rpcUrl, payerKey = hardhatTestKey }: { rpcUrl: string; payerKey?: Hex }) {
  const payer = privateKeyToAccount(payerKey);
  const solver = privateKeyToAccount(keccak256(toHex("my local test solver"))); // stands in for the service
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const wallet = createWalletClient({ account: payer, transport: http(rpcUrl) });

  // A depository of the devnet's kind and a receiver that accepts your solver and any recipient.
  const deployed = await deployAttestationContracts({
    walletClient: wallet,
    publicClient,
    parameters: parseDeployParameters({
      owner: payer.address,
      depository: "devnet",
      solvers: [solver.address],
      allowAnyRecipient: true,
    }),
  });

  // What the service would return for a request paying 0.001 ETH into the receiver.
  const requestId = padHex(toHex(Date.now()), { size: 32 });
  const requestData = {
    originChainId: await publicClient.getChainId(),
    originUser: deployed.receiver,
    originCurrency: "0x0000000000000000000000000000000000000000",
    originAmount: "1000000000000000",
    destinationChainId: 8453,
    destinationUser: payer.address,
  };
  const signature = await solver.signMessage({
    message: { raw: hashAttestation({ requestId, requestData }) },
  });

  const attestation = toAttestationStruct({ requestId, requestData });
  const deadline = (await publicClient.getBlock()).timestamp + 600n;
  const hash = await wallet.writeContract({
    chain: null,
    address: deployed.receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "payNative",
    args: [attestation, signature, deadline],
    value: attestation.originAmount,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`payNative reverted: ${hash}`);
  const paidBy = await publicClient.readContract({
    address: deployed.receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "payerOf",
    args: [requestId],
  });
  if (paidBy !== payer.address) throw new Error(`the receiver recorded ${paidBy} as the payer`);
  return { receiver: deployed.receiver, requestId, hash, gasUsed: receipt.gasUsed };
}

/** The origin chain's RPC URL of the devnet at `api` (its `GET /devnet/info`). */
async function devnetRpcUrl(api: string): Promise<string> {
  const response = await fetch(`${api}/devnet/info`);
  if (!response.ok) throw new Error(`${api} is not a devnet (${response.status}): set ATTESTKIT_RPC_URL`);
  const { chains } = (await response.json()) as { chains: { rpcUrl: string }[] };
  if (!chains[0]) throw new Error(`${api} lists no chain`);
  return chains[0].rpcUrl;
}

// Runs when started (npx tsx examples/payLocally.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(
    await main({
      rpcUrl:
        process.env.ATTESTKIT_RPC_URL ??
        (await devnetRpcUrl(process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787")),
    }),
  );

/**
 * Integrator quickstart: pay an AttestedDepositReceiver with the service's attestation. The receiver
 * is the quote's `user`; the payer calls `payNative(attestation, signature, deadline)`, which checks
 * the deadline, chain, receiver, currency, exact amount, recipient, replay and signer onchain.
 *
 *   npx attestkit devnet &          # every chain has a receiver, owned by a published test key
 *   npx tsx examples/payReceiver.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem` (and `npm install --save-dev @attestkit/devnet`, Node.js >= 22.13,
 * for the devnet). It pays the devnet's receiver (`GET /devnet/info` `contracts.receiver`) from a
 * funded test account, after the receiver's owner (`receiverOwner`, a published test key: with your
 * own receiver, your owner key) allows the recipient.
 *
 * Environment (read when run, not when imported):
 *   ATTESTKIT_API   base URL of the devnet (default http://127.0.0.1:8787)
 * Files: none.
 */
import { pathToFileURL } from "node:url";
import { toAttestationStruct } from "attestkit";
import { createClient, waitForStatus } from "attestkit/client";
import { attestedDepositReceiverAbi } from "attestkit/contracts";
import { createPublicClient, createWalletClient, http, isHex, pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export async function main({ api }: { api: string }) {
  const devnet = await createClient({ network: { baseUrl: api } }).getDevnetInfo();
  const [origin, destination] = devnet.chains;
  const payerKey = devnet.testAccounts[2]?.privateKey; // a funded test key of the devnet
  const receiver = origin?.contracts.receiver;
  const ownerKey = devnet.testAccounts.find(
    (account) => account.address === devnet.receiverOwner,
  )?.privateKey;
  if (!origin || !destination || !payerKey || !receiver || !ownerKey)
    throw new Error(`${api} is not a devnet`);
  const payer = privateKeyToAccount(payerKey);
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl) });
  const publicClient = createPublicClient({ transport: http(origin.rpcUrl) });

  // Owner, once: the recipients this receiver may pay to (the attestation's destination word).
  const owner = createWalletClient({
    account: privateKeyToAccount(ownerKey),
    transport: http(origin.rpcUrl),
  });
  const allowed = await owner.writeContract({
    chain: null,
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "setRecipients",
    args: [[{ chainId: BigInt(destination.chainId), user: pad(payer.address) }], true],
  });
  if ((await publicClient.waitForTransactionReceipt({ hash: allowed })).status !== "success")
    throw new Error(`setRecipients reverted: ${allowed}`);
  const client = createClient({ network: { baseUrl: api }, solvers: [devnet.solver.address] });

  const ttl = 600; // seconds: the receiver refuses the payment after quote time + ttl
  const quoteTime = Math.floor(Date.now() / 1000);
  const quote = await client.getQuote({
    user: receiver,
    payer: payer.address, // refunds go back to the payer, never into the receiver
    recipient: payer.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    ttl,
  });
  const requestId = quote.steps[0]?.requestId;
  if (!requestId) throw new Error("the quote has no request id");

  const { requestData, signature, verification } = await client.getAttestation({
    requestId,
    verify: { solvers: [devnet.solver.address] }, // live service: verify: true (the live solver)
  });
  if (!verification.valid) throw new Error(`do not pay: ${verification.reason}`);
  if (!isHex(signature)) throw new Error("the signature is not hex");
  const attestation = toAttestationStruct({ requestId, requestData });
  const hash = await wallet.writeContract({
    chain: null,
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "payNative",
    args: [attestation, signature, BigInt(quoteTime + ttl)],
    value: attestation.originAmount,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`payNative reverted: ${hash}`);
  const final = await waitForStatus(client, { requestId, timeoutMs: 60_000 });
  if (final.status !== "success") throw new Error(`the request ended in ${final.status}`);
  return { requestId, hash, status: final.status };
}

// Runs when started (npx tsx examples/payReceiver.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(await main({ api: process.env.ATTESTKIT_API ?? "http://127.0.0.1:8787" }));

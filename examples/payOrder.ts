/**
 * Paying an order (`protocol.v2`) through an AttestedDepositReceiver: the deadline is the solver's,
 * the amount and the destination are signed. The receiver recomputes the order id, checks the chain
 * slug, the destination whitelist, the deadline, the amount, replay and the solver, then deposits
 * with `id = orderId`.
 *
 *   npx attestkit devnet &          # every chain has a receiver, owned by a published test key
 *   npx tsx examples/payOrder.ts
 *
 *   RPC_URL=... RECEIVER=0x... OWNER_KEY=0x... PAYER_KEY=0x... QUOTE=quote.json CHAINS=chains.json \
 *   SOLVER=0x... DESTINATION_CHAIN=optimism RECIPIENT=0x... npx tsx examples/payOrder.ts   # your own
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem`.
 *
 * Each default comes from the devnet at ATTESTKIT_API (its `GET /devnet/info`), asked only when needed.
 * Environment (read when run, not when imported):
 *   ATTESTKIT_API       base URL of the devnet (default http://127.0.0.1:8787)
 *   RPC_URL             JSON-RPC URL of the chain the order pays on, the receiver's (default the
 *                       devnet's origin chain)
 *   RECEIVER            address of your AttestedDepositReceiver there, `attestkit deploy` (default
 *                       the devnet's `contracts.receiver` on its origin chain)
 *   OWNER_KEY           private key of the receiver's owner, who whitelists the destination
 *                       (default the key of the devnet's `receiverOwner`, a published test key)
 *   PAYER_KEY           private key of the payer, who sends the payment (default the devnet's test
 *                       account 3)
 *   QUOTE               path of a saved `POST /quote/v2` answer with `protocol.v2`, asked with
 *                       includeProtocolData (default: a fresh devnet quote paying into RECEIVER)
 *   CHAINS              path of a saved `GET /chains` answer, `attestkit chains --out` saves one
 *                       (default the devnet's `GET /chains`)
 *   SOLVER              the solver address the order must be signed by (default the devnet's)
 *   DESTINATION_CHAIN   the order's output chain, as its slug: `optimism`, `base`, ... (default the
 *                       quote's output chain)
 *   RECIPIENT           the order's recipient on that chain, as the quote names it (default the
 *                       quote's first output payment's recipient)
 * Files: the quote (QUOTE) and the chain list (CHAINS), JSON, when given.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createClient } from "attestkit/client";
import { attestedDepositReceiverAbi } from "attestkit/contracts";
import {
  type OrderDataV1,
  toOrderChains,
  toOrderPayment,
  toOrderRecipient,
  verifyQuote,
} from "attestkit/orders";
import { type Address, createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export async function main({
  rpcUrl,
  receiver,
  ownerKey,
  payerKey,
  quote,
  chainsAnswer,
  solver,
  destination,
}: {
  rpcUrl: string;
  receiver: Address;
  /** The receiver's owner, who whitelists the destination once. */
  ownerKey: Hex;
  payerKey: Hex;
  /** A `POST /quote/v2` answer with `protocol.v2`. */
  quote: { protocol: { v2: { orderData: unknown; orderSignature: unknown } } };
  /** A `GET /chains` answer. */
  chainsAnswer: unknown;
  solver: Address;
  /** The order's destination: output chain slug and recipient, as the quote names them. */
  destination: { chainId: string; recipient: string };
}) {
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const owner = createWalletClient({ account: privateKeyToAccount(ownerKey), transport: http(rpcUrl) });
  const wallet = createWalletClient({ account: privateKeyToAccount(payerKey), transport: http(rpcUrl) });
  const wait = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`reverted: ${hash}`);
  };

  const chains = toOrderChains({ chains: chainsAnswer });
  if (!(await verifyQuote({ quote, chains, solvers: [solver] })).valid) throw new Error("do not pay");
  // Owner, once: the destinations this receiver may pay to.
  await wait(
    await owner.writeContract({
      chain: null,
      address: receiver,
      abi: attestedDepositReceiverAbi,
      functionName: "setOrderRecipients",
      args: [[toOrderRecipient({ ...destination, chains })], true],
    }),
  );
  const payment = toOrderPayment({ ...quote.protocol.v2, chains }); // UnpayableOrderError if the receiver cannot pay it
  // A token order: approve the receiver for payment.amount of payment.currency first.
  const hash = await wallet.sendTransaction({
    chain: null,
    to: receiver,
    data: payment.data,
    value: payment.value,
  });
  await wait(hash);
  return { orderId: payment.orderId, hash };
}

/** A fresh devnet quote paying 0.001 ETH into `receiver`, refunds to the payer, signed (`includeProtocolData`). */
async function quoteIntoReceiver({
  api,
  receiver,
  payer,
}: {
  api: string;
  receiver: Address;
  payer: Address;
}) {
  const client = createClient({ network: { baseUrl: api } });
  const [origin, destination] = (await client.getDevnetInfo()).chains;
  if (!origin || !destination) throw new Error(`${api} is not a devnet`);
  const quote = await client.getQuote({
    user: receiver,
    refundTo: payer, // the receiver pays only orders whose refunds go to the payer (or to itself)
    recipient: payer,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
    includeProtocolData: true,
  });
  if (!quote.protocol?.v2) throw new Error("the quote has no protocol.v2");
  return quote as typeof quote & { protocol: { v2: { orderData: OrderDataV1; orderSignature: string } } };
}

// Runs when started (npx tsx examples/payOrder.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // A variable left unset (or empty) comes from the devnet at ATTESTKIT_API.
  const env = (name: string): string | undefined => process.env[name] || undefined;
  const api = env("ATTESTKIT_API") ?? "http://127.0.0.1:8787";
  const client = createClient({ network: { baseUrl: api } });
  const devnet =
    env("RPC_URL") && env("RECEIVER") && env("OWNER_KEY") && env("PAYER_KEY") && env("SOLVER")
      ? undefined
      : await client.getDevnetInfo();
  const origin = devnet?.chains[0];
  const keyOf = (address: string | null | undefined) =>
    devnet?.testAccounts.find((account) => account.address === address)?.privateKey;
  const rpcUrl = env("RPC_URL") ?? origin?.rpcUrl;
  const receiver = (env("RECEIVER") ?? origin?.contracts.receiver) as Address | undefined;
  const ownerKey = (env("OWNER_KEY") ?? keyOf(devnet?.receiverOwner)) as Hex | undefined;
  const payerKey = (env("PAYER_KEY") ?? devnet?.testAccounts[3]?.privateKey) as Hex | undefined;
  const solver = (env("SOLVER") ?? devnet?.solver.address) as Address | undefined;
  if (!rpcUrl || !receiver || !ownerKey || !payerKey || !solver)
    throw new Error(
      `${api} is not a devnet with a receiver: set the variables the header of examples/payOrder.ts lists`,
    );
  const quoteFile = env("QUOTE");
  const quote = quoteFile
    ? JSON.parse(readFileSync(quoteFile, "utf8"))
    : await quoteIntoReceiver({ api, receiver, payer: privateKeyToAccount(payerKey).address });
  const chainsFile = env("CHAINS");
  const { output } = quote.protocol.v2.orderData as OrderDataV1;
  console.log(
    await main({
      rpcUrl,
      receiver,
      ownerKey,
      payerKey,
      quote,
      chainsAnswer: chainsFile ? JSON.parse(readFileSync(chainsFile, "utf8")) : await client.getChains(),
      solver,
      destination: {
        chainId: env("DESTINATION_CHAIN") ?? output.chainId,
        recipient: env("RECIPIENT") ?? (output.payments[0]?.recipient as string),
      },
    }),
  );
}

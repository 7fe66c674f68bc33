/**
 * Paying an order (`protocol.v2`) through an AttestedDepositReceiver: the deadline is the solver's,
 * the amount and the destination are signed. The receiver recomputes the order id, checks the chain
 * slug, the destination whitelist, the deadline, the amount, replay and the solver, then deposits
 * with `id = orderId`.
 *
 *   RPC_URL=... RECEIVER=0x... QUOTE=quote.json CHAINS=chains.json npx tsx examples/payOrder.ts
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { attestedDepositReceiverAbi } from "attestkit/contracts";
import { toOrderChains, toOrderPayment, toOrderRecipient, verifyQuote } from "attestkit/orders";
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

// Runs when started (npx tsx examples/payOrder.ts); stays quiet when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = (name: string) => process.env[name] ?? "";
  console.log(
    await main({
      rpcUrl: env("RPC_URL"),
      receiver: env("RECEIVER") as Address,
      ownerKey: env("OWNER_KEY") as Hex,
      payerKey: env("PAYER_KEY") as Hex,
      quote: JSON.parse(readFileSync(env("QUOTE"), "utf8")),
      chainsAnswer: JSON.parse(readFileSync(env("CHAINS"), "utf8")),
      solver: env("SOLVER") as Address,
      destination: { chainId: env("DESTINATION_CHAIN"), recipient: env("RECIPIENT") },
    }),
  );
}

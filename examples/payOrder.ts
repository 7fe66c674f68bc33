/**
 * Paying an order (`protocol.v2`) through an AttestedDepositReceiver: the deadline is the solver's,
 * the amount and the destination are signed. The receiver recomputes the order id, checks the chain
 * slug, the destination whitelist, the deadline, the amount, replay and the solver, then deposits
 * with `id = orderId`.
 *
 *   RPC_URL=... RECEIVER=0x... OWNER_KEY=0x... PAYER_KEY=0x... QUOTE=quote.json CHAINS=chains.json \
 *   SOLVER=0x... DESTINATION_CHAIN=optimism RECIPIENT=0x... npx tsx examples/payOrder.ts
 *
 * An ES module: run it with `npx tsx`, or from a project with "type": "module", after
 * `npm install attestkit viem`.
 *
 * Environment (read when run, not when imported; every one is required, none has a default):
 *   RPC_URL             JSON-RPC URL of the chain the order pays on (the receiver's chain)
 *   RECEIVER            address of your AttestedDepositReceiver there (`attestkit deploy`)
 *   OWNER_KEY           private key of the receiver's owner, who whitelists the destination
 *   PAYER_KEY           private key of the payer, who sends the payment
 *   QUOTE               path of a saved `POST /quote/v2` answer with `protocol.v2`
 *                       (asked with includeProtocolData)
 *   CHAINS              path of a saved `GET /chains` answer (`attestkit chains --out` saves one)
 *   SOLVER              the solver address the order must be signed by
 *   DESTINATION_CHAIN   the order's output chain, as its slug (`optimism`, `base`, ...)
 *   RECIPIENT           the order's recipient on that chain, as the quote names it
 * Files: the quote (QUOTE) and the chain list (CHAINS), JSON.
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
  // Every variable is required: a missing one is named, not passed on as an empty string.
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value)
      throw new Error(`${name} is not set (the header of examples/payOrder.ts lists each variable)`);
    return value;
  };
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

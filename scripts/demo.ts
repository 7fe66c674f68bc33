/**
 * The main demonstration (`npm run demo`): starts the devnet in this process and walks one payment
 * through the whole cycle, printing every stage — quote, attestation words, hash and digest, the
 * recovered signer (both verifiers), the onchain check, the payment through the receiver with its
 * gas, each status change, the fill on the destination chain, the verified webhooks — then shows a
 * tampered amount being rejected, off-chain and onchain, and why; last, a quote's solver-signed order
 * (`protocol.v2`) verified on both paths, paid through the receiver's order entry point and filled,
 * and the same order with its recipient changed refused; then a payment through a strict deposit
 * address (a plain transfer, swept and filled) and one by an EIP-3009 permit (a signature, no
 * transaction); last, prices that move: a swap filled at the price of fill time within its automatic
 * slippage, at another amount than quoted, and one refunded `SLIPPAGE` beyond it. Exits 0 only if
 * every stage held.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Address,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  erc20Abi,
  formatEther,
  type Hex,
  http,
  parseEther,
  BaseError as ViemBaseError,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { verifyAttestationNoble } from "../packages/attestkit/src/attestation/noble/verifyAttestationNoble.js";
import { toAttestationStruct } from "../packages/attestkit/src/attestation/toAttestationStruct.js";
import { toAttestationWords } from "../packages/attestkit/src/attestation/toAttestationWords.js";
import { verifyAttestation } from "../packages/attestkit/src/attestation/verifyAttestation.js";
import { bitcoin } from "../packages/attestkit/src/chains/bitcoin/constants.js";
import { executeSteps } from "../packages/attestkit/src/client/actions/executeSteps.js";
import { indexTransaction } from "../packages/attestkit/src/client/actions/indexTransaction.js";
import { waitForStatus } from "../packages/attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../packages/attestkit/src/client/createClient.js";
import { PaymentMismatchError } from "../packages/attestkit/src/client/errors/payment.js";
import {
  attestationVerifierAbi,
  attestedDepositReceiverAbi,
} from "../packages/attestkit/src/contracts/abis.js";
import { verifyQuoteNoble } from "../packages/attestkit/src/orders/noble/verifyQuoteNoble.js";
import { toOrderChains } from "../packages/attestkit/src/orders/toOrderChains.js";
import { toOrderPayment } from "../packages/attestkit/src/orders/toOrderPayment.js";
import type { WebhookEvent } from "../packages/attestkit/src/schemas/index.js";
import { createWebhookHandler } from "../packages/attestkit/src/webhooks/createWebhookHandler.js";
import { toNodeListener } from "../packages/attestkit/src/webhooks/toNodeListener.js";
import { finalizePsbt } from "../packages/devnet/src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../packages/devnet/src/bitcoin/signPsbt.js";
import { moveDevnetPrice } from "../packages/devnet/src/cli/moveDevnetPrice.js";
import { devnetDepositAddressFactoryAbi } from "../packages/devnet/src/contracts/abis.js";
import { createDevnet } from "../packages/devnet/src/createDevnet.js";

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(2)}s`;
const failures: string[] = [];
function check(condition: boolean, what: string): void {
  console.log(`   ${condition ? "ok  " : "FAIL"} ${what}`);
  if (!condition) failures.push(what);
}
const section = (title: string) => console.log(`\n== ${title} ${"=".repeat(Math.max(0, 74 - title.length))}`);

// A webhook endpoint of our own, verifying every delivery with the API key as the HMAC secret.
const apiKey = "demo-api-key";
const webhooks: WebhookEvent[] = [];
const rejectedWebhooks: unknown[] = [];
const webhookServer = createServer(
  toNodeListener(
    createWebhookHandler({
      secret: apiKey,
      onEvent: (event) => {
        webhooks.push(event);
      },
      onError: (error) => rejectedWebhooks.push(error),
    }),
  ),
);
await new Promise<void>((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
const webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhooks`;

section("1. Devnet: the service in miniature");
// Blocks every 250 ms, so each status change is visible as it happens.
const devnet = await createDevnet({
  port: 0,
  webhookUrl,
  apiKey,
  blockTimeMs: 250,
  bitcoinBlockTimeMs: 500,
  log: () => {},
});
const [origin, destination] = devnet.info.chains as [
  (typeof devnet.info.chains)[0],
  (typeof devnet.info.chains)[0],
];
const receiver = origin.contracts.attestedDepositReceiver as Address;
const verifier = origin.contracts.attestationVerifier as Address;
console.log(`   API            ${devnet.url}`);
console.log(`   origin         chain ${origin.chainId}, RPC ${origin.rpcUrl}`);
console.log(`   destination    chain ${destination.chainId}, RPC ${destination.rpcUrl}`);
console.log(`   solver         ${devnet.info.solver.address}`);
console.log(`   receiver       ${receiver} (origin; the quote's user)`);
console.log(`   verifier       ${verifier} (origin)`);
console.log(`   webhooks to    ${webhookUrl}`);

try {
  const payer = privateKeyToAccount((devnet.info.testAccounts[1] as { privateKey: Hex }).privateKey);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const originClient = createPublicClient({ transport: http(origin.rpcUrl) });
  const destinationClient = createPublicClient({ transport: http(destination.rpcUrl) });
  // Receipts polled every 50 ms (viem's default is 4 s without a chain's block time): blocks come every 250 ms.
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  // The payment guard of executeSteps accepts orders signed by the devnet's solver, paid to the
  // devnet's contracts (its trust root, derived from its public test keys, never from its answers).
  const client = createClient({
    network: { baseUrl: devnet.url },
    apiKey,
    referrer: "attestkit-demo",
    solvers: [devnet.info.solver.address],
    trustRoot: devnet.trustRoot,
  });
  const native = "0x0000000000000000000000000000000000000000";
  const ttl = 600;

  section("2. Quote: 1 ETH from the receiver on the origin to a new recipient on the destination");
  const quoteTime = Math.floor(Date.now() / 1000);
  const quote = await client.getQuote({
    user: receiver,
    payer: payer.address, // refundTo: a refund goes back to the payer, not into the receiver
    recipient,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_INPUT",
    ttl,
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const amountIn = BigInt(quote.details?.currencyIn?.amount ?? 0);
  const amountOut = BigInt(quote.details?.currencyOut?.amount ?? 0);
  console.log(`   requestId      ${requestId}`);
  console.log(`   steps          ${quote.steps.map((s) => `${s.id} (${s.kind})`).join(", ")}`);
  console.log(`   in / out       ${formatEther(amountIn)} ETH -> ${formatEther(amountOut)} ETH`);
  console.log(`   deadline       quote time + ttl = ${quoteTime} + ${ttl} (the tuple has no time field)`);

  section("3. Attestation: GET /requests/{id}/signature, reproduced word by word");
  const attestation = await client.getAttestation({ requestId });
  const input = { requestId, requestData: attestation.requestData, signature: attestation.signature };
  const { words } = toAttestationWords(input);
  for (const [name, word] of words) console.log(`   ${name.padEnd(20)} ${word}`);
  const solvers = [devnet.info.solver.address];
  const viemResult = await verifyAttestation({ ...input, solvers });
  const nobleResult = verifyAttestationNoble({ ...input, solvers });
  console.log(`   hash           ${viemResult.hash}   keccak256(abi.encode(tuple))`);
  console.log(`   digest         ${viemResult.digest}   EIP-191 over the 32 hash bytes`);
  console.log(`   signer (viem)  ${viemResult.signer}`);
  console.log(`   signer (noble) ${nobleResult.signer}`);
  check(
    viemResult.valid && nobleResult.valid,
    "both independent verifiers accept it, signed by the devnet solver",
  );
  check(
    viemResult.hash === nobleResult.hash && viemResult.digest === nobleResult.digest,
    "bit-exact: same hash and digest",
  );

  section("4. Onchain check through AttestationVerifier (eth_call)");
  const struct = toAttestationStruct(input);
  const onchainSigner = await originClient.readContract({
    address: verifier,
    abi: attestationVerifierAbi,
    functionName: "recoverSigner",
    args: [struct, attestation.signature as Hex],
  });
  const onchainValid = await originClient.readContract({
    address: verifier,
    abi: attestationVerifierAbi,
    functionName: "isValid",
    args: [struct, attestation.signature as Hex, devnet.info.solver.address],
  });
  console.log(`   recoverSigner  ${onchainSigner}`);
  console.log(`   isValid        ${onchainValid}`);
  check(
    onchainValid && onchainSigner === viemResult.signer,
    "the Solidity verifier agrees with both TypeScript verifiers",
  );

  section("5. Payment through the receiver: payNative(attestation, signature, deadline)");
  const deadline = BigInt(quoteTime + ttl);
  const before = await destinationClient.getBalance({ address: recipient });
  const payHash = await wallet.writeContract({
    chain: null,
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "payNative",
    args: [struct, attestation.signature as Hex, deadline],
    value: struct.originAmount,
  });
  const payReceipt = await originClient.waitForTransactionReceipt({ hash: payHash, pollingInterval: 20 });
  console.log(`   tx             ${payHash}`);
  console.log(
    `   gas used       ${payReceipt.gasUsed} (checks: deadline, chain, user, currency, amount, recipient, replay, signer)`,
  );
  check(payReceipt.status === "success", "the receiver checked the attestation and forwarded the deposit");
  await indexTransaction(client, { chainId: origin.chainId, txHash: payHash, requestId });

  section("6. Status, as it changes (GET /intents/status/v3)");
  const final = await waitForStatus(client, {
    requestId,
    intervalMs: 50,
    timeoutMs: 30_000,
    onUpdate: (status) => console.log(`   ${elapsed().padStart(7)}  ${status.status}`),
  });
  check(
    final.status === "success",
    `the request reached success (in ${final.inTxHashes?.length ?? 0} origin tx, ${final.txHashes?.length ?? 0} fill tx)`,
  );

  section("7. The fill on the destination chain");
  const after = await destinationClient.getBalance({ address: recipient });
  console.log(`   fill tx        ${final.txHashes?.[0]}`);
  console.log(`   recipient      ${recipient}: ${formatEther(before)} -> ${formatEther(after)} ETH`);
  check(after - before === amountOut, "the recipient received exactly the quoted output");

  section("8. Webhooks received and verified (HMAC-SHA256 over timestamp.body)");
  await devnet.idle();
  const mine = webhooks.filter((event) => event.data.requestId === requestId);
  for (const event of mine) console.log(`   ${event.event}  ${event.data.status}`);
  check(
    mine.at(-1)?.data.status === "success" && rejectedWebhooks.length === 0,
    "every delivery verified; the last says success",
  );

  section("9. Rejected: a new request paid with its attested amount + 1 wei");
  const second = await client.getQuote({
    user: receiver,
    payer: payer.address,
    recipient,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_INPUT",
    ttl,
  });
  const secondId = second.steps[0]?.requestId as Hex;
  const secondAttestation = await client.getAttestation({ requestId: secondId });
  const tamperedAmount = BigInt(secondAttestation.requestData.originAmount as string) + 1n;
  const tamperedData = { ...secondAttestation.requestData, originAmount: tamperedAmount.toString() };
  const tampered = await verifyAttestation({
    requestId: secondId,
    requestData: tamperedData,
    signature: secondAttestation.signature,
    solvers,
  });
  console.log(`   requestId      ${secondId}`);
  console.log(
    `   off-chain      valid=${tampered.valid}, reason=${tampered.reason}, recovered ${tampered.signer}`,
  );
  console.log("                  the signature covers the amount: another amount recovers another key");
  check(!tampered.valid && tampered.reason === "signer-not-allowed", "off-chain verification rejects it");
  const tamperedStruct = toAttestationStruct({ requestId: secondId, requestData: tamperedData });
  try {
    await originClient.simulateContract({
      account: payer,
      address: receiver,
      abi: attestedDepositReceiverAbi,
      functionName: "payNative",
      args: [tamperedStruct, secondAttestation.signature as Hex, deadline],
      value: tamperedAmount,
    });
    check(false, "the receiver rejects it");
  } catch (error) {
    const revert =
      error instanceof ViemBaseError
        ? error.walk((e) => e instanceof ContractFunctionRevertedError)
        : undefined;
    const data = revert instanceof ContractFunctionRevertedError ? revert.data : undefined;
    console.log(`   onchain        reverted with ${data?.errorName}(${(data?.args ?? []).join(", ")})`);
    console.log("                  every cheaper check passed (the amount paid matches the tampered field);");
    console.log(
      "                  the signature then recovers a key outside the solver set, so nothing moves",
    );
    check(data?.errorName === "SignerNotAllowed", "the receiver rejects it before any money moves");
  }

  section("10. Orders (protocol.v2): a solver-signed order, paid through the receiver");
  const orderQuote = await client.getQuote({
    user: receiver,
    payer: payer.address,
    recipient,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("0.25").toString(),
    tradeType: "EXACT_INPUT",
    ttl,
    verify: { solvers }, // includeProtocolData: true, then verifyQuote over the devnet's GET /chains
  });
  const order = orderQuote.protocol?.v2 as {
    orderId: Hex;
    orderData: { output: { deadline: number; payments: { recipient: string; expectedAmount: string }[] } };
    orderSignature: Hex;
  };
  const orderRequestId = orderQuote.requestId as Hex;
  const chains = toOrderChains({ chains: await client.getChains() });
  const orderVerdict = orderQuote.verification;
  const nobleOrderVerdict = verifyQuoteNoble({ quote: orderQuote, chains, solvers });
  console.log(`   requestId      ${orderRequestId}   (status, webhooks)`);
  console.log(`   orderId        ${order.orderId}   struct hash of orderData: the depository id`);
  console.log(`   chains         ${Object.keys(chains.vmTypes).join(", ")} (the slugs of GET /chains)`);
  console.log(`   deadline       ${order.orderData.output.deadline} (output.deadline: signed by the solver)`);
  console.log(`   signer (viem)  ${orderVerdict?.signer}`);
  console.log(`   signer (noble) ${nobleOrderVerdict.signer}`);
  for (const item of orderVerdict?.checks ?? [])
    console.log(`   check          ${item.name.padEnd(15)} ${item.ok ? "ok" : "FAILED"}`);
  check(
    orderVerdict?.valid === true && nobleOrderVerdict.valid && nobleOrderVerdict.orderId === order.orderId,
    "both order verifiers accept it: id recomputed, devnet solver, payment details, depository",
  );
  const payment = toOrderPayment({ ...order, chains });
  const orderBefore = await destinationClient.getBalance({ address: recipient });
  const orderHash = await wallet.sendTransaction({
    chain: null,
    to: receiver,
    data: payment.data,
    value: payment.value,
  });
  const orderReceipt = await originClient.waitForTransactionReceipt({ hash: orderHash, pollingInterval: 20 });
  console.log(`   ${payment.call.functionName.padEnd(14)} ${orderHash}, gas used ${orderReceipt.gasUsed}`);
  check(
    orderReceipt.status === "success",
    "the receiver recomputed the order id, checked it and deposited under it",
  );
  await indexTransaction(client, { chainId: origin.chainId, txHash: orderHash });
  const orderFinal = await waitForStatus(client, {
    requestId: orderRequestId,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  const orderAfter = await destinationClient.getBalance({ address: recipient });
  console.log(
    `   status         ${orderFinal.status}; recipient +${formatEther(orderAfter - orderBefore)} ETH`,
  );
  check(
    orderFinal.status === "success" &&
      orderAfter - orderBefore === BigInt(order.orderData.output.payments[0]?.expectedAmount ?? -1),
    "the solver took the deposit under the order id and paid the order's expected amount",
  );
  const thief = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const changed = structuredClone(order);
  (changed.orderData.output.payments[0] as { recipient: string }).recipient = thief;
  const forged = toOrderPayment({ ...changed, chains });
  try {
    await originClient.call({ account: payer, to: receiver, data: forged.data, value: forged.value });
    check(false, "the receiver refuses the changed order");
  } catch (error) {
    const raw =
      error instanceof ViemBaseError
        ? error.walk((e) => typeof (e as { data?: unknown }).data === "string")
        : null;
    const revertData = (raw as { data?: Hex } | null)?.data;
    const decoded = revertData
      ? decodeErrorResult({ abi: attestedDepositReceiverAbi, data: revertData })
      : undefined;
    console.log(
      `   recipient -> ${thief}: reverted with ${decoded?.errorName}(${(decoded?.args ?? []).join(", ")})`,
    );
    check(
      decoded?.errorName === "SignerNotAllowed",
      "the receiver refuses the order with a changed recipient",
    );
  }

  section("11. Deposit address: a plain transfer to a CREATE2 address of the order, swept and filled");
  const addressQuote = await client.getQuote({
    user: payer.address,
    recipient,
    refundTo: payer.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
    strict: true,
  });
  const depositAddress = addressQuote.steps[0]?.depositAddress as Address;
  console.log(`   address        ${depositAddress} (strict; depositor ${payer.address})`);
  const computed = await originClient.readContract({
    address: origin.contracts.depositAddressFactory,
    abi: devnetDepositAddressFactoryAbi,
    functionName: "computeDepositAddress",
    args: [(addressQuote.protocol?.v2 as { orderId: Hex } | undefined)?.orderId ?? "0x", payer.address],
  });
  check(computed === depositAddress, "the factory computes the same address from the order id and depositor");
  const addressBefore = await destinationClient.getBalance({ address: recipient });
  const addressRun = await executeSteps(client, { quote: addressQuote, wallet, checkIntervalMs: 50 });
  console.log(`   transfer       ${addressRun.transactions[0]?.hash} (no calldata)`);
  const addressFinal = await waitForStatus(client, {
    requestId: addressQuote.requestId as Hex,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  await devnet.idle(); // every webhook of the request delivered
  const addressEvents = webhooks
    .filter((event) => event.data.requestId === addressQuote.requestId)
    .map((event) => event.data.status);
  const addressAfter = await destinationClient.getBalance({ address: recipient });
  console.log(`   statuses       ${addressEvents.join(" -> ")}`);
  console.log(`   depositTxHash  ${addressFinal.depositAddress?.depositTxHash}`);
  check(
    addressFinal.status === "success" &&
      addressAfter - addressBefore === BigInt(addressQuote.details?.currencyOut?.amount ?? -1),
    "the transfer was seen (depositing), swept into the depository and filled",
  );

  section("12. Permit: an EIP-3009 authorization signed, posted, executed by the devnet and filled");
  const permitQuote = await client.getQuote({
    user: payer.address,
    recipient,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: origin.contracts.token,
    destinationCurrency: destination.contracts.token,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
    usePermit: true,
    permitExpiry: 600,
  });
  console.log(`   steps          ${permitQuote.steps.map((s) => `${s.id} (${s.kind})`).join(", ")}`);
  const permitRun = await executeSteps(client, { quote: permitQuote, wallet, checkIntervalMs: 50 });
  console.log(
    `   signature      ${permitRun.signatures[0]?.signature.slice(0, 20)}… posted to /execute/permits`,
  );
  const permitFinal = await waitForStatus(client, {
    requestId: permitQuote.requestId as Hex,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  const permitReceived = await destinationClient.readContract({
    address: destination.contracts.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [recipient],
  });
  console.log(`   status         ${permitFinal.status}; recipient ${Number(permitReceived) / 1e6} USDC`);
  check(
    permitFinal.status === "success" &&
      permitRun.transactions.length === 0 &&
      permitReceived === BigInt(permitQuote.details?.currencyOut?.amount ?? -1),
    "the payer sent no transaction: the authorization moved the tokens and the request was filled",
  );

  section("13. Bitcoin: a PSBT signed by the caller, pending in the mempool, filled after a block");
  const btcWallet = devnet.info.bitcoin.testWallets[0] as (typeof devnet.info.bitcoin.testWallets)[number];
  const btcRecipient = privateKeyToAccount(generatePrivateKey()).address;
  const btcQuote = await client.getQuote({
    user: btcWallet.p2wpkhAddress,
    recipient: btcRecipient,
    originChainId: bitcoin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
  });
  let btcTxid = "";
  const btcRun = executeSteps(client, {
    quote: btcQuote,
    wallet,
    checkIntervalMs: 50,
    handlers: {
      // The caller's Bitcoin wallet: sign every input, finalize, broadcast to the Esplora API.
      signPsbt: async ({ psbt }) => {
        const { transaction } = finalizePsbt({
          psbt: signPsbt({ psbt, privateKey: btcWallet.privateKey }).psbt,
        });
        const response = await fetch(`${devnet.info.bitcoin.esploraUrl}/tx`, {
          method: "POST",
          body: transaction,
        });
        btcTxid = await response.text();
        return { txHash: btcTxid };
      },
    },
  });
  await btcRun;
  const btcFinal = await waitForStatus(client, {
    requestId: btcQuote.requestId as Hex,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  await devnet.idle(); // every webhook of the request delivered
  const btcStatuses = webhooks
    .filter((event) => event.data.requestId === btcQuote.requestId)
    .map((event) => event.data.status);
  const btcReceived = await destinationClient.getBalance({ address: btcRecipient });
  console.log(
    `   PSBT           ${(btcQuote.steps[0]?.items[0]?.data as { psbt?: string } | undefined)?.psbt?.slice(0, 24)}… (OP_RETURN = request id)`,
  );
  console.log(`   txid           ${btcTxid} (${devnet.bitcoin.confirmations(btcTxid)} confirmation(s))`);
  console.log(`   statuses       ${btcStatuses.join(" -> ")}`);
  console.log(`   recipient      ${formatEther(btcReceived)} ETH for 0.01 BTC`);
  check(
    btcFinal.status === "success" &&
      btcStatuses.join(",") === "pending,submitted,success" &&
      btcReceived === BigInt(btcQuote.details?.currencyOut?.amount ?? -1),
    "the bound Bitcoin deposit was seen in the mempool, confirmed, and filled on the EVM chain",
  );

  section("14. Payment guard: a quote rewritten to pay 1 wei more is refused before anything is sent");
  const honest = await client.getQuote({
    user: payer.address,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: native,
    destinationCurrency: native,
    amount: "1000000000000000",
    tradeType: "EXACT_INPUT",
  });
  // What a hostile service (or anything between it and you) could send: the same quote, one wei more.
  const rewritten = structuredClone(honest.steps);
  const depositData = rewritten[0]?.items[0]?.data as { value?: string };
  depositData.value = (BigInt(depositData.value ?? "0") + 1n).toString();
  const nonceBefore = await originClient.getTransactionCount({ address: payer.address });
  const refusal = await executeSteps(client, { quote: { ...honest, steps: rewritten }, wallet }).catch(
    (error: unknown) => error,
  );
  const refused = refusal instanceof PaymentMismatchError ? refusal.check : undefined;
  console.log(
    `   refused        ${refused ? `${refused.item?.stepId}[${refused.item?.itemIndex}] ${refused.field}: ${refused.reason} (expected ${refused.expected}, got ${refused.actual})` : String(refusal)}`,
  );
  check(
    refused?.reason === "amount-mismatch" &&
      (await originClient.getTransactionCount({ address: payer.address })) === nonceBefore,
    "the guard named the item, the field and both values, and the payer's nonce did not move",
  );

  section("15. Prices move: a swap filled at the price of fill time, and one refunded beyond its slippage");
  // Moved by hand (POST /devnet/prices, what `attestkit devnet trigger price-move` calls): the same
  // moves on every run. The devnet's own walk stands still unless asked (`prices.volatilityBps`).
  const swapRecipient = privateKeyToAccount(generatePrivateKey()).address;
  const usdc = (amount: bigint) => (Number(amount) / 1e6).toFixed(6);
  const dollars = (micros: string) => (Number(micros) / 1e6).toLocaleString("en-US");
  const swapQuote = () =>
    client.getQuote({
      user: payer.address,
      recipient: swapRecipient,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: native,
      destinationCurrency: destination.contracts.token,
      amount: parseEther("0.1").toString(),
      tradeType: "EXACT_INPUT",
    });
  const usdcOf = (owner: Address) =>
    destinationClient.readContract({
      address: destination.contracts.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [owner],
    });
  const within = await swapQuote();
  const withinOut = BigInt(within.details?.currencyOut?.amount ?? -1);
  const withinMinimum = BigInt(within.details?.currencyOut?.minimumAmount ?? -1);
  console.log(
    `   quote          0.1 ETH -> ${usdc(withinOut)} USDC at ETH $3,000; slippage ${within.details?.slippageTolerance?.destination?.percent} % (automatic), minimum ${usdc(withinMinimum)}`,
  );
  const firstMove = await moveDevnetPrice({ devnet: devnet.url, currency: "eth", bps: -30 });
  console.log(
    `   price          ETH $${dollars(firstMove.priceUsdMicros)} (-0.3 %) before the deposit: trigger price-move --bps -30`,
  );
  await executeSteps(client, { quote: within, wallet, checkIntervalMs: 50 });
  const withinFinal = await waitForStatus(client, {
    requestId: within.requestId as Hex,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  const withinReceived = await usdcOf(swapRecipient);
  console.log(
    `   filled         ${withinFinal.status}: ${usdc(withinReceived)} USDC (quoted ${usdc(withinOut)}, the order's minimum ${usdc(withinMinimum)})`,
  );
  check(
    withinFinal.status === "success" &&
      withinReceived === (withinOut * 2_991n) / 3_000n &&
      withinReceived < withinOut &&
      withinReceived >= withinMinimum,
    "within the 0.5 %: filled at the price of fill time, another amount than quoted, above the order's minimum",
  );
  const beyond = await swapQuote();
  const beyondOut = BigInt(beyond.details?.currencyOut?.amount ?? -1);
  const secondMove = await moveDevnetPrice({ devnet: devnet.url, currency: "eth", bps: -100 });
  console.log(
    `   quote          0.1 ETH -> ${usdc(beyondOut)} USDC at ETH $2,991; then ETH $${dollars(secondMove.priceUsdMicros)} (-1 %)`,
  );
  await executeSteps(client, { quote: beyond, wallet, checkIntervalMs: 50 }).catch(() => undefined);
  const beyondFinal = await waitForStatus(client, {
    requestId: beyond.requestId as Hex,
    intervalMs: 50,
    timeoutMs: 30_000,
  });
  const refunded = (beyondFinal.details as { refund?: { amount: string } } | null | undefined)?.refund;
  console.log(
    `   refunded       ${beyondFinal.status}, failReason ${beyondFinal.failReason}: ${formatEther(BigInt(refunded?.amount ?? 0))} ETH back to the payer`,
  );
  check(
    beyondFinal.status === "refund" &&
      beyondFinal.failReason === "SLIPPAGE" &&
      (await usdcOf(swapRecipient)) === withinReceived &&
      BigInt(refunded?.amount ?? 0) === BigInt(beyond.details?.currencyIn?.amount ?? -1),
    "beyond the 0.5 %: nothing filled, the whole deposit refunded with failReason SLIPPAGE",
  );
  await moveDevnetPrice({ devnet: devnet.url, currency: "eth", bps: 130 });
} finally {
  await devnet.stop();
  await new Promise<void>((resolve) => webhookServer.close(() => resolve()));
}

section(failures.length === 0 ? `Done in ${elapsed()}: every stage held` : `FAILED: ${failures.join("; ")}`);
process.exitCode = failures.length === 0 ? 0 : 1;

// A refund the service sends to an AttestedDepositReceiver (the quote's user) is accepted and the
// receiver's owner forwards it to the payer; quoting with `payer` keeps refunds away from it.
import { createWalletClient, type Hex, http, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { toAttestationStruct } from "../../attestkit/src/attestation/toAttestationStruct.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { attestedDepositReceiverAbi } from "../../attestkit/src/contracts/index.js";
import { devnetSolverPrivateKey } from "../src/constants.js";

/** How far the solver's clock runs ahead of the wall clock, ms: set by each late payment, for its test. */
let ahead = 0;
afterEach(() => {
  ahead = 0;
});
const {
  devnet,
  origin: originChain,
  destination: destinationChain,
  account,
  client: devnetClient,
  reader,
} = useDevnet({ now: () => Date.now() + ahead });

const amount = parseEther("0.25");

/**
 * Quotes from the receiver, pays through the receiver once its 1-second ttl has passed on the solver's
 * clock (moved a minute on, nothing waits for real time): a TTL_EXPIRED refund.
 */
async function payLate(payerIndex: number, quoteExtra: Record<string, unknown>) {
  const origin = originChain();
  const destination = destinationChain();
  const receiver = origin.contracts.attestedDepositReceiver as Hex;
  const payer = account(payerIndex);
  const client = devnetClient();
  const quote = await client.getQuote({
    user: receiver,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    ttl: 1,
    ...quoteExtra,
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const record = await client.getAttestation({
    requestId,
    verify: { solvers: [devnet().info.solver.address], trustRoot: devnet().trustRoot },
  });
  expect(record.verification).toMatchObject({ valid: true });
  ahead = 60_000;
  const publicClient = reader(origin);
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const hash = await wallet.writeContract({
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "payNative",
    args: [
      toAttestationStruct({ requestId, requestData: record.requestData }),
      record.signature as Hex,
      2n ** 40n,
    ],
    value: amount,
    chain: null,
  });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  const final = await waitForStatus(client, { requestId, intervalMs: 50 });
  return { final, requestId, receiver, payer, publicClient, origin };
}

test("quoted with the payer, the refund goes straight to the payer and never touches the receiver", async () => {
  const payerAddress = account(7).address;
  const { final, receiver, payer, publicClient } = await payLate(7, { payer: payerAddress });
  expect(final, JSON.stringify(final)).toMatchObject({ status: "refund" });
  expect(payer.address).toBe(payerAddress);
  expect(await publicClient.getBalance({ address: receiver })).toBe(0n);
  const refund = (final.details as { refund?: { recipient?: string } } | null)?.refund;
  expect(refund?.recipient?.toLowerCase()).toBe(payerAddress.toLowerCase());
});

// Last: the owner (the devnet solver's key) sends a transaction of its own, outside the devnet's
// transaction sender, so nothing may run on the devnet after it.
test("default: a refund to the receiver arrives and the owner forwards it to the payer", async () => {
  const { final, requestId, receiver, payer, publicClient, origin } = await payLate(6, {});
  expect(final.status).toBe("refund");
  expect(final.failReason).toBe("TTL_EXPIRED");
  // Refunded to refundTo, else the recipient, else the user: here the receiver itself.
  expect(await publicClient.getBalance({ address: receiver })).toBe(amount);
  const owner = createWalletClient({
    account: privateKeyToAccount(devnetSolverPrivateKey),
    transport: http(origin.rpcUrl),
  });
  const before = await publicClient.getBalance({ address: payer.address });
  const hash = await owner.writeContract({
    address: receiver,
    abi: attestedDepositReceiverAbi,
    functionName: "refund",
    args: [requestId, zeroAddress, amount, amount],
    chain: null,
  });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  expect(await publicClient.getBalance({ address: payer.address })).toBe(before + amount);
  expect(await publicClient.getBalance({ address: receiver })).toBe(0n);
});

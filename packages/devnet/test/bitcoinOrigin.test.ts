// BTC -> EVM through the client: the quote's deposit step carries a real PSBT paying the solver's
// address with the signed order id bound by OP_RETURN; executeSteps hands it to the caller's signer,
// which signs, finalizes and broadcasts it to the devnet's Esplora API. The request is `pending` as
// soon as the transaction is in the mempool, and filled on the EVM chain after 1 confirmation (2
// above the high-value threshold). A P2SH (P2SH-P2WPKH) user gives its public key in
// additionalData.userPublicKey and pays the same way. Blocks are mined by the test (bitcoinBlockTimeMs 0).
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hex } from "@scure/base";
import { NETWORK, p2sh, p2wpkh, Transaction } from "@scure/btc-signer";
import { createPublicClient, createWalletClient, getAddress, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { devnetBytes32Encoders } from "../../attestkit/src/attestation/devnetBytes32Encoder.js";
import { UnsupportedVmTypeError } from "../../attestkit/src/attestation/errors.js";
import { verifyAttestation } from "../../attestkit/src/attestation/verifyAttestation.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { ApiError } from "../../attestkit/src/client/errors/request.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { decodeBitcoinDeposit } from "../src/bitcoin/decodeBitcoinDeposit.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";
import { devnetLegacyBitcoinEncoding } from "../src/constants.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet } = useDevnet({
  bitcoinBlockTimeMs: 0,
  // 0.5 BTC: the high-value deposit below needs 2 confirmations.
  bitcoinHighValueThreshold: 50_000_000n,
  indexIntervalMs: 600_000,
});

type Wallet = Devnet["info"]["bitcoin"]["testWallets"][number];
const wallet = (index: number) => devnet().info.bitcoin.testWallets[index] as Wallet;

async function statusOf(requestId: string) {
  const response = await fetch(`${devnet().url}/intents/status/v3?requestId=${requestId}`);
  return (await response.json()) as { status: string; inTxHashes: string[]; txHashes: string[] };
}

const until = (check: () => Promise<boolean>, what: string) =>
  pollUntil(what, async () => (await check()) || undefined, { intervalMs: 20 });

/** The caller's Bitcoin signer: signs every input, finalizes, broadcasts with a plain POST /tx. */
function psbtSigner(privateKey: string, seen: { psbt?: string; txid?: string }) {
  return async ({ psbt }: { psbt: string }) => {
    seen.psbt = psbt;
    const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey }).psbt });
    const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
      method: "POST",
      body: transaction,
    });
    if (response.status !== 200) throw new Error(await response.text());
    seen.txid = await response.text();
    return { txHash: seen.txid };
  };
}

async function quoteFromBitcoin(
  user: string,
  amount: bigint,
  recipient: Hex,
  extra: Record<string, unknown> = {},
) {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const destination = devnet().info.chains[1] as Devnet["info"]["chains"][number];
  const quote = await client.getQuote({
    user,
    recipient,
    originChainId: bitcoin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });
  return { client, quote, destination };
}

describe("BTC -> EVM", () => {
  test("PSBT step signed by the caller; pending in the mempool, success after 1 confirmation", async () => {
    const user = wallet(3);
    const evm = privateKeyToAccount(devnet().info.testAccounts[3]?.privateKey as Hex);
    const recipient = "0xb7c0100000000000000000000000000000000001" as Hex;
    const { client, quote, destination } = await quoteFromBitcoin(user.p2wpkhAddress, 10_000_000n, recipient);
    const requestId = quote.steps[0]?.requestId as string;
    expect(quote.steps).toHaveLength(1);
    const data = quote.steps[0]?.items[0]?.data as { psbt: string };
    expect(data.psbt).toMatch(/^70736274ff/); // "psbt" magic, hex

    const seen: { psbt?: string; txid?: string } = {};
    const wallet_ = createWalletClient({
      account: evm,
      transport: http(destination.rpcUrl),
      pollingInterval: 50,
    });
    const execution = executeSteps(client, {
      quote,
      wallet: wallet_,
      handlers: { signPsbt: psbtSigner(user.privateKey, seen) },
      checkIntervalMs: 20,
    });
    // In the mempool: pending already, no block mined yet.
    await until(async () => seen.txid !== undefined, "the broadcast");
    await until(async () => (await statusOf(requestId)).status === "pending", "pending");
    const pending = await statusOf(requestId);
    expect(pending.inTxHashes).toEqual([seen.txid]);
    expect(devnet().bitcoin.confirmations(seen.txid as string)).toBe(0);
    // What the solver reads from the broadcast transaction: the bound id (the signed order's) and the amount.
    const decoded = decodeBitcoinDeposit({
      transaction: devnet().bitcoin.getTransaction(seen.txid as string)?.hex as string,
      depositAddress: devnet().info.bitcoin.solver.address,
    });
    expect(decoded).toMatchObject({ requestId: quote.protocol?.v2?.orderId, amount: 10_000_000n });
    // Without a block nothing is filled: once the devnet has handled all it has seen, still pending.
    await devnet().idle();
    expect((await statusOf(requestId)).status).toBe("pending");

    // POST /transactions/index: 404 while in the mempool (and for an unknown txid), 400 malformed.
    const index = (txHash: string) =>
      fetch(`${devnet().url}/transactions/index`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chainId: bitcoin.chainId, txHash }),
      });
    const early = await index(seen.txid as string);
    expect(early.status).toBe(404);
    expect(await early.json()).toMatchObject({ errorCode: "TRANSACTION_NOT_FOUND" });
    expect((await index("ab".repeat(32))).status).toBe(404);
    expect((await index("xyz")).status).toBe(400);

    devnet().bitcoin.mine();
    const indexed = await index(`0x${seen.txid}`);
    expect(indexed.status).toBe(200);
    expect(await indexed.json()).toEqual({
      message: "Transaction indexed",
      deposits: [
        { requestId, currency: bitcoin.nativeCurrency, amount: "10000000", from: user.p2wpkhAddress },
      ],
    });
    await execution;
    const final = await waitForStatus(client, { requestId, intervalMs: 20 });
    expect(final.status).toBe("success");
    const publicClient = createPublicClient({ transport: http(destination.rpcUrl) });
    const received = await publicClient.getBalance({ address: recipient });
    expect(received.toString()).toBe(quote.details?.currencyOut?.amount);
    expect(received).toBeGreaterThan(0n);
    // The request lists like any other, with the Bitcoin user and deposit txid.
    const listed = await fetch(`${devnet().url}/requests/v3?id=${requestId}`, {
      headers: { "x-api-key": "k" },
    });
    expect(listed.status).toBe(200);
    const { requests } = (await listed.json()) as { requests: { user: string; status: string }[] };
    expect(requests[0]).toMatchObject({ user: user.p2wpkhAddress, status: "success" });

    // The attestation: Bitcoin fields as written, signed with the devnet's named encoder, which a
    // verifier accepts only when given it.
    const signed = (await (await fetch(`${devnet().url}/requests/${requestId}/signature/v2`)).json()) as {
      requestData: Record<string, unknown>;
      signature: Hex;
    };
    expect(signed.requestData).toMatchObject({
      originChainId: bitcoin.chainId,
      originUser: user.p2wpkhAddress,
      originCurrency: bitcoin.nativeCurrency,
      destinationUser: getAddress(recipient),
    });
    const verify = { requestId, ...signed, version: "v2" as const, solvers: [devnet().info.solver.address] };
    await expect(verifyAttestation(verify)).rejects.toThrow(UnsupportedVmTypeError);
    const verdict = await verifyAttestation({ ...verify, encoders: devnetBytes32Encoders });
    expect(verdict.valid).toBe(true);
    // Another Bitcoin user in the data: the same signature no longer verifies.
    const tampered = { ...signed.requestData, originUser: wallet(9).p2wpkhAddress };
    expect(
      (await verifyAttestation({ ...verify, requestData: tampered, encoders: devnetBytes32Encoders })).valid,
    ).toBe(false);
  });

  test("above the high-value threshold the fill waits for a second confirmation", async () => {
    const user = wallet(4);
    const recipient = "0xb7c0200000000000000000000000000000000001" as Hex;
    const { client, quote } = await quoteFromBitcoin(user.p2trAddress, 60_000_000n, recipient);
    const requestId = quote.steps[0]?.requestId as string;
    const psbt = (quote.steps[0]?.items[0]?.data as { psbt: string } | undefined)?.psbt as string;
    const seen: { psbt?: string; txid?: string } = {};
    await psbtSigner(user.privateKey, seen)({ psbt });
    await until(async () => (await statusOf(requestId)).status === "pending", "pending");
    devnet().bitcoin.mine();
    expect(devnet().bitcoin.confirmations(seen.txid as string)).toBe(1);
    await devnet().idle();
    expect((await statusOf(requestId)).status).toBe("pending");
    devnet().bitcoin.mine();
    const final = await waitForStatus(client, { requestId, intervalMs: 20 });
    expect(final.status).toBe("success");
  });

  test("a deposit left unconfirmed past its stall allowance is reported by waitForStatus, which goes on to success", async () => {
    const user = wallet(6);
    const recipient = "0xb7c0300000000000000000000000000000000001" as Hex;
    const { client, quote } = await quoteFromBitcoin(user.p2wpkhAddress, 5_000_000n, recipient);
    const requestId = quote.steps[0]?.requestId as string;
    const psbt = (quote.steps[0]?.items[0]?.data as { psbt: string } | undefined)?.psbt as string;
    const seen: { psbt?: string; txid?: string } = {};
    await psbtSigner(user.privateKey, seen)({ psbt });
    await until(async () => (await statusOf(requestId)).status === "pending", "pending");
    // No block is mined: with 100 ms counted per block, the 3-block allowance runs out after 300 ms.
    const stalls: { status: string | undefined; blocks: number }[] = [];
    const final = waitForStatus(client, {
      requestId,
      intervalMs: 20,
      bitcoinDeposit: {
        amount: 5_000_000n,
        blockTimeMs: 100,
        onStall: ({ status, allowance }) =>
          stalls.push({ status: status?.status, blocks: allowance.blocks.max }),
      },
    });
    await until(async () => stalls.length > 0, "the stall report");
    // The status last seen when the allowance ran out: pending, or none yet when the machine is so
    // slow that the first read took longer than the allowance; unconfirmed either way.
    expect(stalls).toEqual([{ status: stalls[0]?.status, blocks: 3 }]);
    expect([undefined, "pending"]).toContain(stalls[0]?.status);
    expect(devnet().bitcoin.confirmations(seen.txid as string)).toBe(0);
    devnet().bitcoin.mine();
    expect((await final).status).toBe("success");
    expect(stalls).toHaveLength(1);
  });

  test("a deposit below the quote is refunded in BTC to refundTo after its confirmation", async () => {
    const user = wallet(5);
    const { client, quote } = await quoteFromBitcoin(
      user.p2wpkhAddress,
      5_000_000n,
      "0xb7c0300000000000000000000000000000000001",
    );
    const requestId = quote.steps[0]?.requestId as Hex;
    // A deposit of less than quoted, bound to the request: built by hand, as a faulty wallet would.
    const { buildDepositPsbt } = await import("../src/bitcoin/buildDepositPsbt.js");
    const { psbt } = buildDepositPsbt({
      utxos: devnet().bitcoin.getUtxos(user.p2wpkhAddress),
      depositAddress: devnet().info.bitcoin.solver.address,
      amount: 4_000_000n,
      requestId,
      changeAddress: user.p2wpkhAddress,
    });
    const seen: { psbt?: string; txid?: string } = {};
    await psbtSigner(user.privateKey, seen)({ psbt });
    await until(async () => (await statusOf(requestId)).status === "pending", "pending");
    const before = devnet().bitcoin.getAddressStats(user.p2wpkhAddress);
    devnet().bitcoin.mine();
    const final = await waitForStatus(client, { requestId, intervalMs: 20 });
    expect(final.status).toBe("refund");
    const refundTx = final.txHashes?.[0] as string;
    const refund = devnet().bitcoin.getTransaction(refundTx);
    expect(refund).toBeDefined();
    devnet().bitcoin.mine();
    const after = devnet().bitcoin.getAddressStats(user.p2wpkhAddress);
    expect(after.chain.fundedTxoSum - before.chain.fundedTxoSum).toBeGreaterThanOrEqual(4_000_000n);
  });

  test("refusals: balance below the input (INSUFFICIENT_FUNDS), refundTo not a Bitcoin address", async () => {
    const client = createClient({
      network: { baseUrl: devnet().url },
      solvers: [devnet().info.solver.address],
      trustRoot: devnet().trustRoot,
    });
    const destination = devnet().info.chains[1] as Devnet["info"]["chains"][number];
    const base = {
      user: wallet(6).p2wpkhAddress,
      recipient: "0xb7c0400000000000000000000000000000000001",
      originChainId: bitcoin.chainId,
      destinationChainId: destination.chainId,
      originCurrency: bitcoin.nativeCurrency,
      destinationCurrency: zeroAddress,
      tradeType: "EXACT_INPUT" as const,
    };
    const refused = async (body: Record<string, unknown>) => {
      try {
        await client.getQuote({ ...base, amount: "1000000", ...body } as never);
      } catch (error) {
        return error;
      }
      throw new Error("the quote was accepted");
    };
    // 10 BTC per address by the balance rule: 10 BTC + 1 sat is over.
    const over = await refused({ amount: "1000000001" });
    expect(over).toBeInstanceOf(ApiError);
    expect((over as ApiError).body).toMatchObject({ errorCode: "INSUFFICIENT_FUNDS" });
    const badRefund = await refused({ refundTo: "0xb7c0400000000000000000000000000000000001" });
    expect((badRefund as ApiError).body).toMatchObject({ errorCode: "INVALID_ADDRESS" });
  });
});

describe("a P2SH (P2SH-P2WPKH) user: additionalData.userPublicKey", () => {
  // Test wallet 7's key behind a `3…` address, funded by wallet 8 and confirmed.
  const owner = () => wallet(7);
  const publicKey = () => hex.encode(secp256k1.getPublicKey(hex.decode(owner().privateKey), true));
  const nestedAddress = () => p2sh(p2wpkh(hex.decode(publicKey()), NETWORK), NETWORK).address as string;
  let funded = false;
  const fund = () => {
    if (funded) return;
    payFromBitcoinWallet({
      chain: devnet().bitcoin,
      wallet: bitcoinTestWallets[8] as (typeof bitcoinTestWallets)[number],
      to: nestedAddress(),
      amount: 30_000_000n,
      requestId: `0x${"00".repeat(32)}`,
    });
    devnet().bitcoin.mine();
    funded = true;
  };

  test("default: the quote's PSBT spends its outputs with the redeem script of its key; it pays and is filled", async () => {
    fund();
    const recipient = "0xb7c0500000000000000000000000000000000001" as Hex;
    const { client, quote, destination } = await quoteFromBitcoin(nestedAddress(), 10_000_000n, recipient, {
      additionalData: { userPublicKey: publicKey() },
    });
    expect(quote.details).not.toHaveProperty("devnetNotSimulated");
    const requestId = quote.steps[0]?.requestId as string;
    const psbt = (quote.steps[0]?.items[0]?.data as { psbt?: string } | undefined)?.psbt as string;
    const unsigned = Transaction.fromPSBT(hex.decode(psbt), { allowUnknownOutputs: true });
    expect(hex.encode(unsigned.getInput(0).redeemScript as Uint8Array)).toBe(
      hex.encode(p2wpkh(hex.decode(publicKey()), NETWORK).script),
    );
    const seen: { psbt?: string; txid?: string } = {};
    const evm = privateKeyToAccount(devnet().info.testAccounts[7]?.privateKey as Hex);
    const execution = executeSteps(client, {
      quote,
      wallet: createWalletClient({ account: evm, transport: http(destination.rpcUrl), pollingInterval: 50 }),
      handlers: { signPsbt: psbtSigner(owner().privateKey, seen) },
      checkIntervalMs: 20,
      // The order names the user's `3…` address (its refund recipient): the devnet's encoding of it.
      verify: { legacyBitcoinEncoding: devnetLegacyBitcoinEncoding },
    });
    let failed: unknown;
    execution.catch((error) => {
      failed = error;
    });
    await until(async () => {
      if (failed !== undefined) throw failed;
      return (await statusOf(requestId)).status === "pending";
    }, "pending");
    devnet().bitcoin.mine();
    await execution;
    expect((await waitForStatus(client, { requestId, intervalMs: 20 })).status).toBe("success");
    const received = await createPublicClient({ transport: http(destination.rpcUrl) }).getBalance({
      address: recipient,
    });
    expect(received.toString()).toBe(quote.details?.currencyOut?.amount);
    expect(received).toBeGreaterThan(0n);
  });

  test("refused with the live shape: no key, a key that is not its address's, a malformed key (400 INVALID_REQUEST)", async () => {
    fund();
    const refused = async (extra: Record<string, unknown>) => {
      try {
        await quoteFromBitcoin(
          nestedAddress(),
          1_000_000n,
          "0xb7c0500000000000000000000000000000000002",
          extra,
        );
      } catch (error) {
        return (error as ApiError).body;
      }
      throw new Error("the quote was accepted");
    };
    expect(await refused({})).toMatchObject({
      errorCode: "INVALID_REQUEST",
      message: expect.stringContaining("additionalData.userPublicKey"),
    });
    const another = hex.encode(secp256k1.getPublicKey(hex.decode(wallet(8).privateKey), true));
    expect(await refused({ additionalData: { userPublicKey: another } })).toMatchObject({
      errorCode: "INVALID_REQUEST",
      message: expect.stringContaining("does not match"),
    });
    expect(await refused({ additionalData: { userPublicKey: "02ab" } })).toMatchObject({
      errorCode: "INVALID_REQUEST",
    });
  });
});

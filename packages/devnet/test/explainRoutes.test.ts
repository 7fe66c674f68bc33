// The route × surface matrix of `attestkit explain`: every route the devnet serves, driven for real
// on one devnet (the account deposits, the AttestedDepositReceiver paid with a v1 attestation and with
// an order, a gasless permit, deposit addresses open and strict, same-chain requests self-executed and
// through the solver, Bitcoin and the exchange as origin and destination, and the `devnet trigger`
// scenarios), then read on each surface: `explain --json` (never inconsistent on a genuine request,
// its exit code the documented one for its outcome), the devnet's `GET /devnet/requests/{id}` (the
// same reading and verdicts), `status --watch` (0 for success, 1 for a refund, the final status last)
// and, for routes paid by `attestkit execute`, its exit code. Then scripted answers for what the
// devnet does not serve, from a small proxy in front of it: a Solana origin, an unknown status, an
// unknown failReason, no attestations.
//
// Independent routes run at once, one lane per test account (a lane's routes one after another, so
// no two transactions of one account race for a nonce); the one scenario that moves the market
// (slippage-refund) runs alone first. Every wait is for an event or a status, with a bound.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { base58 } from "@scure/base";
import { Hono } from "hono";
import { type Address, erc20Abi, type Hex, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { serveApp } from "../../../test/support/serveApp.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { devnetBytes32Encoders } from "../../attestkit/src/attestation/devnetBytes32Encoder.js";
import { toAttestationStruct } from "../../attestkit/src/attestation/toAttestationStruct.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { toOutputScript } from "../../attestkit/src/chains/bitcoin/toOutputScript.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { runCli } from "../../attestkit/src/cli/createProgram.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { getChains } from "../../attestkit/src/client/actions/getChains.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { attestedDepositReceiverAbi } from "../../attestkit/src/contracts/abis.js";
import type { ExplainOutcome, ExplainReport } from "../../attestkit/src/explain/types.js";
import { toOrderChains } from "../../attestkit/src/orders/toOrderChains.js";
import { toOrderPayment } from "../../attestkit/src/orders/toOrderPayment.js";
import { hashRawAttestation } from "../src/api/hashRawAttestation.js";
import type { RequestReading } from "../src/api/readRequestReading.js";
import { buildDepositPsbt } from "../src/bitcoin/buildDepositPsbt.js";
import { finalizePsbt } from "../src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../src/bitcoin/signPsbt.js";
import { runDevnetScenario } from "../src/cli/runDevnetScenario.js";
import { devnetSolverPrivateKey } from "../src/constants.js";

const { devnet, origin, destination, reader, account, wallet, client } = useDevnet({
  indexIntervalMs: 20,
  // Bitcoin blocks come on their own, often: a deposit confirms within a fraction of a second.
  bitcoinBlockTimeMs: 100,
});

// The commands run in process: no API key or paying key of the caller's environment reaches them.
beforeAll(() => {
  vi.stubEnv("ATTESTKIT_API_KEY", undefined);
  vi.stubEnv("ATTESTKIT_PRIVATE_KEY", undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

/** Every wait of a route (a status, a receipt, a condition) gives up after this long. */
const waitMs = 30_000;
/** Each matrix case, the route's driving included. */
const caseTimeoutMs = 90_000;
/** The documented exit codes of `explain`'s outcomes. */
const explainExitCodes: Record<ExplainOutcome, number> = { consistent: 0, inconsistent: 1, incomplete: 4 };

// ---------------------------------------------------------------------------------------------
// Driving the routes.

type Json = Record<string, unknown>;
type QuoteStep = {
  id: string;
  requestId?: string;
  depositAddress?: string;
  items: { data: { to: Address; data: Hex; value: string } }[];
};
type Quote = {
  requestId?: string;
  steps: QuoteStep[];
  protocol?: { v2?: Json & { orderId: Hex } };
  details?: Json;
};
/** What `attestkit execute --json` ended with, for the routes it paid. */
type Executed = { code: number; last: Json; stderr: string[] };
type Driven = { requestId: Hex; executed?: Executed };

const native = zeroAddress;
const receiver = () => origin().contracts.attestedDepositReceiver as Address;
const keyOf = (index: number) => (devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey;

async function quote(body: Json): Promise<Quote> {
  return (await client().getQuote(body as Parameters<ReturnType<typeof client>["getQuote"]>[0])) as Quote;
}
const nativeQuote = (extra: Json): Json => ({
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: native,
  destinationCurrency: native,
  amount: parseEther("0.01").toString(),
  tradeType: "EXACT_INPUT",
  ...extra,
});
const tokenQuote = (extra: Json): Json => ({
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: origin().contracts.token,
  destinationCurrency: destination().contracts.token,
  amount: "5000000",
  tradeType: "EXACT_INPUT",
  ...extra,
});

/** The request's final status (success or refund), polled from the status endpoint. */
const settle = (requestId: string) =>
  waitForStatus(client(), { requestId, intervalMs: 25, timeoutMs: waitMs, failureGraceMs: 2_000 });

/** A transaction mined and successful on the origin chain. */
async function mined(hash: Hex): Promise<Hex> {
  const receipt = await reader(origin()).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
    timeout: waitMs,
  });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return hash;
}

/** The request id a quote's steps pay. */
const stepRequestId = (q: Quote, index = 0) =>
  (index < 0 ? q.steps.at(index) : q.steps[index])?.requestId as Hex;

/** A devnet trigger scenario, run in process like `attestkit devnet trigger NAME --account N`. */
async function scenario(name: string, index: number): Promise<Driven> {
  const { requestId } = await runDevnetScenario({
    devnet: devnet().url,
    scenario: name,
    account: index,
    intervalMs: 50,
    timeoutMs: waitMs,
  });
  return { requestId };
}

/** `attestkit execute --trust-devnet --json` paid by test account `index`, its exit and last line. */
async function executeCli(index: number, args: string[]): Promise<Driven> {
  const io = captureIo();
  const code = await runCli(
    [
      "--api",
      devnet().url,
      "--timeout",
      String(waitMs),
      "execute",
      "--trust-devnet",
      "--private-key",
      keyOf(index),
      "--json",
      ...args,
    ],
    io,
  );
  const lines = io.stdout.map((line) => JSON.parse(line) as Json);
  const requestId = lines.find((line) => line.event === "quote")?.requestId as Hex | undefined;
  if (!requestId) throw new Error(`execute printed no quote (exit ${code}): ${io.stderr.join("\n")}`);
  return { requestId, executed: { code, last: lines.at(-1) ?? {}, stderr: io.stderr } };
}

/** The route's request file for `execute -f`: written where the file's tests clean up. */
const requestFiles = makeTempDir("explain-routes");

/** Pays the AttestedDepositReceiver with the v1 attestation (payNative / approve + payErc20). */
async function payReceiverV1(
  index: number,
  currency: "native" | "token",
  extra: Json,
  { expired = false } = {},
): Promise<Driven> {
  const payer = account(index);
  const q = await quote(
    (currency === "native" ? nativeQuote : tokenQuote)({
      user: receiver(),
      recipient: payer.address,
      ...extra,
    }),
  );
  const quotedBy = Date.now();
  const requestId = stepRequestId(q);
  const record = await client().getAttestation({ requestId });
  // A 1 s ttl: paid once it has run out by the solver's clock (the quote's time plus the ttl).
  if (expired)
    await pollUntil("the quote's ttl to run out", () => (Date.now() > quotedBy + 1_000 ? true : undefined), {
      intervalMs: 20,
      timeoutMs: 5_000,
    });
  const struct = toAttestationStruct({ requestId, requestData: record.requestData });
  const w = wallet(index);
  const signature = record.signature as Hex;
  if (currency === "native")
    await mined(
      await w.writeContract({
        chain: null,
        address: receiver(),
        abi: attestedDepositReceiverAbi,
        functionName: "payNative",
        args: [struct, signature, 2n ** 40n],
        value: struct.originAmount,
      }),
    );
  else {
    await mined(
      await w.writeContract({
        chain: null,
        address: origin().contracts.token,
        abi: erc20Abi,
        functionName: "approve",
        args: [receiver(), struct.originAmount],
      }),
    );
    await mined(
      await w.writeContract({
        chain: null,
        address: receiver(),
        abi: attestedDepositReceiverAbi,
        functionName: "payErc20",
        args: [origin().contracts.token, struct, signature, 2n ** 40n],
      }),
    );
  }
  await settle(requestId);
  return { requestId };
}

/** Pays the AttestedDepositReceiver with the quote's signed order (payOrderNative / payOrderErc20). */
async function payReceiverOrder(index: number, currency: "native" | "token"): Promise<Driven> {
  const payer = account(index);
  const base = currency === "native" ? nativeQuote : tokenQuote;
  const q = await quote(base({ user: receiver(), payer: payer.address, recipient: payer.address, ttl: 300 }));
  const chains = toOrderChains({ chains: await getChains(client()) });
  const payment = toOrderPayment({ ...(q.protocol?.v2 as Json), chains } as Parameters<
    typeof toOrderPayment
  >[0]);
  const w = wallet(index);
  if (payment.currency !== zeroAddress)
    await mined(
      await w.writeContract({
        chain: null,
        address: payment.currency,
        abi: erc20Abi,
        functionName: "approve",
        args: [receiver(), payment.amount],
      }),
    );
  await mined(
    await w.sendTransaction({ chain: null, to: receiver(), data: payment.data, value: payment.value }),
  );
  const requestId = q.requestId as Hex;
  await settle(requestId);
  return { requestId };
}

/** A native deposit-address quote paid by a plain transfer of `sent` (open, or strict with a refund address). */
async function payDepositAddress(index: number, sent: bigint, strict: boolean): Promise<Driven> {
  const user = account(index).address;
  const q = await quote(
    nativeQuote({ user, useDepositAddress: true, ...(strict ? { strict: true, refundTo: user } : {}) }),
  );
  const to = q.steps.find((step) => step.depositAddress)?.depositAddress as Address;
  await mined(await wallet(index).sendTransaction({ chain: null, to, value: sent }));
  const requestId = q.requestId as Hex;
  await settle(requestId);
  return { requestId };
}

const sameChainQuote = (index: number, to: Address, extra: Json = {}) =>
  quote({
    user: account(index).address,
    originChainId: origin().chainId,
    destinationChainId: origin().chainId,
    originCurrency: native,
    destinationCurrency: to,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
    ...extra,
  });

/** Through the quote's steps with the client (the payment guard on). */
async function viaSteps(index: number, body: Json, which = 0): Promise<Driven> {
  const q = await quote(body);
  await executeSteps(client(), { quote: q as never, wallet: wallet(index), checkIntervalMs: 25 });
  const requestId = (q.requestId ?? stepRequestId(q, which)) as Hex;
  await settle(requestId);
  return { requestId };
}

type BitcoinWallet = { p2wpkhAddress: string; p2trAddress: string; privateKey: string };
const btcWallet = (index: number) => devnet().info.bitcoin.testWallets[index] as BitcoinWallet;
/** The caller's Bitcoin signer: signs, finalizes and broadcasts to the devnet's Esplora API. */
const psbtSigner =
  (w: BitcoinWallet) =>
  async ({ psbt }: { psbt: string }) => {
    const { transaction } = finalizePsbt({ psbt: signPsbt({ psbt, privateKey: w.privateKey }).psbt });
    const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
      method: "POST",
      body: transaction,
    });
    return { txHash: await response.text() };
  };
type ExchangeAccount = { accountIndex: number; apiKey: string };
const exchangeAccount = (index: number) => devnet().info.exchange.testAccounts[index] as ExchangeAccount;
/** An exchange transfer from `from`'s account, as the caller submits it to the exchange's API. */
async function exchangeTransfer(from: ExchangeAccount, parameters: unknown) {
  const response = await fetch(`${devnet().info.exchange.apiUrl}/transfer`, {
    method: "POST",
    headers: { authorization: `Bearer ${from.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(parameters),
  });
  const body = (await response.json()) as Json;
  if (response.status !== 200) throw new Error(`exchange transfer refused: ${JSON.stringify(body)}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// The table: each route, how it ends and what explain must say of it.

type Route = {
  name: string;
  /** The lane it runs in: one test account's routes run one after another. */
  lane: string;
  final: "success" | "refund";
  /** The final status's failReason, for a refund. */
  failReason?: string;
  /** explain's outcome: an EVM route is consistent; Bitcoin or the exchange leaves its part incomplete. */
  outcome: "consistent" | "incomplete";
  /** For an incomplete route: the parts not judged (reason "not-evm") and their chain. */
  notEvm?: { parts: ("deposit" | "fill")[]; chainId: number };
  /** Paid by `attestkit execute`: its exit code is a surface too. */
  executed?: boolean;
  drive: () => Promise<Driven>;
};

const bitcoinChainId = bitcoin.chainId;
const exchangeChainId = externalExchange.chainId;

const routes: Route[] = [
  {
    name: "trigger slippage-refund",
    lane: "alone",
    final: "refund",
    failReason: "SLIPPAGE",
    outcome: "consistent",
    drive: () => scenario("slippage-refund", 9),
  },
  {
    name: "account native (attestkit execute)",
    lane: "account 1",
    final: "success",
    outcome: "consistent",
    executed: true,
    drive: () =>
      executeCli(1, [
        "--origin-chain-id",
        String(origin().chainId),
        "--destination-chain-id",
        String(destination().chainId),
        "--origin-currency",
        native,
        "--destination-currency",
        native,
        "--amount",
        parseEther("0.01").toString(),
      ]),
  },
  {
    name: "account native, destination call reverts (attestkit execute)",
    lane: "account 1",
    final: "refund",
    failReason: "MISSING_REVERT_DATA",
    outcome: "consistent",
    executed: true,
    drive: () => {
      const file = join(requestFiles, "reverting-call.json");
      writeFileSync(
        file,
        JSON.stringify(
          nativeQuote({
            user: account(1).address,
            txs: [{ to: destination().contracts.token, data: "0xdeadbeef", value: "0" }],
          }),
        ),
      );
      return executeCli(1, ["-f", file]);
    },
  },
  {
    name: "account ERC-20",
    lane: "account 2",
    final: "success",
    outcome: "consistent",
    drive: () => viaSteps(2, tokenQuote({ user: account(2).address }), -1),
  },
  {
    name: "receiver v1 native",
    lane: "account 3",
    final: "success",
    outcome: "consistent",
    drive: () => payReceiverV1(3, "native", { payer: account(3).address }),
  },
  {
    name: "receiver v1 ERC-20",
    lane: "account 4",
    final: "success",
    outcome: "consistent",
    drive: () => payReceiverV1(4, "token", { payer: account(4).address }),
  },
  {
    name: "receiver v1 native after its ttl (payer): TTL_EXPIRED refund",
    lane: "account 3",
    final: "refund",
    failReason: "TTL_EXPIRED",
    outcome: "consistent",
    drive: () => payReceiverV1(3, "native", { payer: account(3).address, ttl: 1 }, { expired: true }),
  },
  {
    name: "receiver v1 native after its ttl (no payer): TTL_EXPIRED refund",
    lane: "account 5",
    final: "refund",
    failReason: "TTL_EXPIRED",
    outcome: "consistent",
    drive: () => payReceiverV1(5, "native", { ttl: 1 }, { expired: true }),
  },
  {
    name: "receiver order native (payOrderNative)",
    lane: "account 4",
    final: "success",
    outcome: "consistent",
    drive: () => payReceiverOrder(4, "native"),
  },
  {
    name: "receiver order ERC-20 (payOrderErc20)",
    lane: "account 6",
    final: "success",
    outcome: "consistent",
    drive: () => payReceiverOrder(6, "token"),
  },
  {
    name: "gasless permit (/execute/permits)",
    lane: "account 7",
    final: "success",
    outcome: "consistent",
    drive: () => viaSteps(7, tokenQuote({ user: account(7).address, usePermit: true })),
  },
  {
    name: "deposit address open, exact (the steps)",
    lane: "account 2",
    final: "success",
    outcome: "consistent",
    drive: () => viaSteps(2, nativeQuote({ user: account(2).address, useDepositAddress: true })),
  },
  {
    name: "deposit address open, under (re-quoted)",
    lane: "account 6",
    final: "success",
    outcome: "consistent",
    drive: () => payDepositAddress(6, parseEther("0.006"), false),
  },
  {
    name: "deposit address open, over (re-quoted)",
    lane: "account 5",
    final: "success",
    outcome: "consistent",
    drive: () => payDepositAddress(5, parseEther("0.015"), false),
  },
  {
    name: "deposit address strict, exact",
    lane: "account 7",
    final: "success",
    outcome: "consistent",
    drive: () => payDepositAddress(7, parseEther("0.01"), true),
  },
  {
    name: "deposit address strict, under: refund",
    lane: "account 4",
    final: "refund",
    failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
    outcome: "consistent",
    drive: () => payDepositAddress(4, parseEther("0.005"), true),
  },
  {
    name: "trigger deposit-address-overpayment (strict, twice the amount, excess refunded)",
    lane: "account 9",
    final: "success",
    outcome: "consistent",
    drive: async () => {
      const driven = await scenario("deposit-address-overpayment", 9);
      // The excess goes back after the request is filled: read it once its refund is recorded.
      await pollUntil(
        "the excess refund",
        async () =>
          ((await client().getStatus({ requestId: driven.requestId })).details as Json | undefined)
            ?.excessRefund
            ? true
            : undefined,
        { intervalMs: 25, timeoutMs: waitMs },
      );
      return driven;
    },
  },
  {
    name: "same-chain send, self-executed",
    lane: "account 8",
    final: "success",
    outcome: "consistent",
    drive: async () => {
      const q = await sameChainQuote(8, native);
      await executeSteps(client(), { quote: q as never, wallet: wallet(8), checkIntervalMs: 25 });
      await settle(q.requestId as Hex);
      return { requestId: q.requestId as Hex };
    },
  },
  {
    name: "same-chain swap, self-executed (+ /transactions/single)",
    lane: "account 8",
    final: "success",
    outcome: "consistent",
    drive: async () => {
      const q = await sameChainQuote(8, origin().contracts.token);
      const item = (q.steps[0] as QuoteStep).items[0]?.data as QuoteStep["items"][number]["data"];
      const txHash = await mined(
        await wallet(8).sendTransaction({
          chain: null,
          to: item.to,
          data: item.data,
          value: BigInt(item.value),
        }),
      );
      const response = await fetch(`${devnet().url}/transactions/single`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          tx: JSON.stringify({ ...item, txHash }),
          chainId: String(origin().chainId),
          requestId: q.requestId,
        }),
      });
      expect(response.status).toBe(200);
      await settle(q.requestId as Hex);
      return { requestId: q.requestId as Hex };
    },
  },
  {
    name: "same-chain swap through the solver (forceSolverExecution)",
    lane: "account 7",
    final: "success",
    outcome: "consistent",
    drive: async () => {
      const q = await sameChainQuote(7, origin().contracts.token, { forceSolverExecution: true });
      await executeSteps(client(), { quote: q as never, wallet: wallet(7), checkIntervalMs: 25 });
      await settle(q.requestId as Hex);
      return { requestId: q.requestId as Hex };
    },
  },
  {
    name: "Bitcoin destination",
    lane: "account 6",
    final: "success",
    outcome: "incomplete",
    notEvm: { parts: ["fill"], chainId: bitcoinChainId },
    drive: () =>
      viaSteps(
        6,
        {
          user: account(6).address,
          recipient: btcWallet(3).p2trAddress,
          originChainId: origin().chainId,
          destinationChainId: bitcoinChainId,
          originCurrency: native,
          destinationCurrency: bitcoin.nativeCurrency,
          amount: parseEther("0.01").toString(),
          tradeType: "EXACT_INPUT",
        },
        0,
      ),
  },
  {
    name: "Bitcoin origin, strict deposit address (PSBT)",
    lane: "bitcoin wallet 7",
    final: "success",
    outcome: "incomplete",
    notEvm: { parts: ["deposit"], chainId: bitcoinChainId },
    drive: async () => {
      const w = btcWallet(7);
      const q = await quote({
        user: w.p2wpkhAddress,
        recipient: account(5).address,
        refundTo: w.p2trAddress,
        useDepositAddress: true,
        originChainId: bitcoinChainId,
        destinationChainId: destination().chainId,
        originCurrency: bitcoin.nativeCurrency,
        destinationCurrency: native,
        amount: "2000000",
        tradeType: "EXACT_INPUT",
      });
      // No EVM transaction is sent: the wallet is only the client's signer of record.
      await executeSteps(client(), {
        quote: q as never,
        wallet: wallet(0),
        checkIntervalMs: 25,
        handlers: { signPsbt: psbtSigner(w) },
      } as Parameters<typeof executeSteps>[1]);
      const requestId = stepRequestId(q);
      await settle(requestId);
      return { requestId };
    },
  },
  {
    name: "Bitcoin origin, PSBT short of the quote: refund",
    lane: "bitcoin wallet 5",
    final: "refund",
    failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
    outcome: "incomplete",
    notEvm: { parts: ["deposit", "fill"], chainId: bitcoinChainId },
    drive: async () => {
      const w = btcWallet(5);
      const q = await quote({
        user: w.p2wpkhAddress,
        recipient: account(5).address,
        originChainId: bitcoinChainId,
        destinationChainId: destination().chainId,
        originCurrency: bitcoin.nativeCurrency,
        destinationCurrency: native,
        amount: "5000000",
        tradeType: "EXACT_INPUT",
      });
      const requestId = stepRequestId(q);
      const { esploraUrl, solver } = devnet().info.bitcoin;
      const utxos = (
        (await (await fetch(`${esploraUrl}/address/${w.p2wpkhAddress}/utxo`)).json()) as {
          txid: string;
          vout: number;
          value: number;
        }[]
      ).map((utxo) => ({
        txid: utxo.txid,
        vout: utxo.vout,
        value: BigInt(utxo.value),
        script: toOutputScript({ address: w.p2wpkhAddress }),
      }));
      const { psbt } = buildDepositPsbt({
        utxos,
        depositAddress: solver.address,
        amount: 4_000_000n,
        requestId,
        changeAddress: w.p2wpkhAddress,
      });
      await psbtSigner(w)({ psbt });
      await settle(requestId);
      return { requestId };
    },
  },
  {
    name: "trigger bitcoin-mempool-success",
    lane: "account 0",
    final: "success",
    outcome: "incomplete",
    notEvm: { parts: ["deposit"], chainId: bitcoinChainId },
    drive: () => scenario("bitcoin-mempool-success", 0),
  },
  {
    name: "exchange origin (submitExchangeTransfer)",
    lane: "exchange account 0",
    final: "success",
    outcome: "incomplete",
    notEvm: { parts: ["deposit"], chainId: exchangeChainId },
    drive: async () => {
      const from = exchangeAccount(0);
      const q = await quote({
        user: String(from.accountIndex),
        recipient: account(5).address,
        originChainId: exchangeChainId,
        destinationChainId: destination().chainId,
        originCurrency: externalExchange.currency,
        destinationCurrency: destination().contracts.token,
        amount: "50000000",
        tradeType: "EXACT_INPUT",
      });
      await executeSteps(client(), {
        quote: q as never,
        wallet: wallet(0),
        checkIntervalMs: 25,
        handlers: {
          submitExchangeTransfer: ({ transfer }: { transfer: { parameters: unknown } }) =>
            exchangeTransfer(from, transfer.parameters),
        },
      } as Parameters<typeof executeSteps>[1]);
      const requestId = stepRequestId(q);
      await settle(requestId);
      return { requestId };
    },
  },
  {
    name: "exchange origin, transfer short of the quote: refund",
    lane: "exchange account 1",
    final: "refund",
    failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
    outcome: "incomplete",
    notEvm: { parts: ["deposit", "fill"], chainId: exchangeChainId },
    drive: async () => {
      const from = exchangeAccount(1);
      const q = await quote({
        user: String(from.accountIndex),
        recipient: account(5).address,
        originChainId: exchangeChainId,
        destinationChainId: destination().chainId,
        originCurrency: externalExchange.currency,
        destinationCurrency: destination().contracts.token,
        amount: "50000000",
        tradeType: "EXACT_INPUT",
      });
      const requestId = stepRequestId(q);
      await exchangeTransfer(from, {
        toAccountIndex: devnet().info.exchange.relayerAccountIndex,
        assetIndex: 0,
        fromRouteType: 0,
        toRouteType: 0,
        amount: 49_000_000,
        usdcFee: 0,
        memo: requestId,
      });
      await settle(requestId);
      return { requestId };
    },
  },
  {
    name: "exchange destination",
    lane: "account 8",
    final: "success",
    outcome: "incomplete",
    notEvm: { parts: ["fill"], chainId: exchangeChainId },
    drive: () =>
      viaSteps(
        8,
        {
          user: account(8).address,
          recipient: "1007",
          originChainId: origin().chainId,
          destinationChainId: exchangeChainId,
          originCurrency: origin().contracts.token,
          destinationCurrency: externalExchange.currency,
          amount: "25000000",
          tradeType: "EXACT_INPUT",
        },
        -1,
      ),
  },
  {
    name: "trigger success",
    lane: "account 9",
    final: "success",
    outcome: "consistent",
    drive: () => scenario("success", 9),
  },
  {
    name: "trigger ttl-expired",
    lane: "account 0",
    final: "refund",
    failReason: "TTL_EXPIRED",
    outcome: "consistent",
    drive: () => scenario("ttl-expired", 0),
  },
  {
    name: "trigger failure-refund",
    lane: "account 9",
    final: "refund",
    failReason: "MISSING_REVERT_DATA",
    outcome: "consistent",
    drive: () => scenario("failure-refund", 9),
  },
  {
    name: "trigger amount-too-low",
    lane: "account 2",
    final: "refund",
    failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
    outcome: "consistent",
    drive: () => scenario("amount-too-low", 2),
  },
  {
    name: "trigger double-spend (the second deposit)",
    lane: "account 5",
    final: "refund",
    failReason: "DOUBLE_SPEND",
    outcome: "consistent",
    drive: () => scenario("double-spend", 5),
  },
  {
    name: "trigger double-spend (the original request)",
    lane: "account 5",
    final: "success",
    outcome: "consistent",
    drive: async () => {
      const { requestId } = await drivenRoute("trigger double-spend (the second deposit)");
      const status = await client().getStatus({ requestId });
      return { requestId: (status.details as { originalRequestId: Hex }).originalRequestId };
    },
  },
];

const routeNamed = (name: string) => routes.find((route) => route.name === name) as Route;
const drivenRoutes = new Map<string, Promise<Driven>>();
const drivenRoute = (name: string) => {
  const driven = drivenRoutes.get(name);
  if (!driven) throw new Error(`route ${name} was not started`);
  return driven;
};

/** Gives up on `promise` after `ms`, naming `what`. */
function bounded<value>(promise: Promise<value>, ms: number, what: string): Promise<value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

// Every route starts at once, lane by lane, once the devnet is up; each test waits for its own.
// The market-moving scenario runs alone, before the others.
beforeAll(() => {
  const start = (route: Route, after: Promise<unknown>) => {
    const driven = after.then(() => bounded(route.drive(), caseTimeoutMs - 10_000, `driving ${route.name}`));
    // Seen by the route's tests, never an unhandled rejection before they look.
    driven.catch(() => {});
    drivenRoutes.set(route.name, driven);
    return driven.then(
      () => {},
      () => {},
    );
  };
  const alone = routes.filter((route) => route.lane === "alone");
  let first: Promise<unknown> = Promise.resolve();
  for (const route of alone) first = start(route, first);
  const lanes = new Map<string, Route[]>();
  for (const route of routes)
    if (route.lane !== "alone") lanes.set(route.lane, [...(lanes.get(route.lane) ?? []), route]);
  for (const lane of lanes.values()) {
    let previous = first;
    for (const route of lane) previous = start(route, previous);
  }
});

// ---------------------------------------------------------------------------------------------
// The surfaces.

type Cli = { code: number; stdout: string[]; stderr: string[] };
async function cli(api: string, args: string[]): Promise<Cli> {
  const io = captureIo();
  const code = await runCli(["--api", api, ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** `explain --json` of a request, its report and exit code. */
async function explainJson(api: string, requestId: string, ...flags: string[]) {
  const run = await cli(api, ["explain", requestId, "--json", ...flags]);
  return { ...run, report: JSON.parse(run.stdout.join("\n")) as ExplainReport };
}

/** `status --watch --json` of a request: its exit code and the status of its last line. */
async function watchStatus(api: string, requestId: string) {
  const run = await cli(api, [
    "--timeout",
    String(waitMs),
    "status",
    requestId,
    "--watch",
    "--interval",
    "20",
    "--json",
  ]);
  const last = run.stdout.at(-1);
  return { ...run, last: last === undefined ? undefined : (JSON.parse(last) as Json) };
}

/** Each route's explain report, read once and shared by the surfaces that compare with it. */
const explained = new Map<string, ReturnType<typeof explainJson>>();
const explainRoute = async (route: Route) => {
  const { requestId } = await drivenRoute(route.name);
  let run = explained.get(route.name);
  if (!run) {
    run = explainJson(devnet().url, requestId);
    explained.set(route.name, run);
  }
  return { requestId, ...(await run) };
};

/** The part a report names (`fill 0x…` is a fill). */
const kindOf = (part: string) => part.split(" ")[0];

type Surface = "explain --json" | "dashboard reading" | "status --watch" | "attestkit execute";
const surfaces: Record<Surface, (route: Route) => Promise<void>> = {
  "explain --json": async (route) => {
    const { report, code, stderr } = await explainRoute(route);
    expect(stderr).toEqual([]);
    expect(report.status.status).toBe(route.final);
    // A genuine request: nothing disagrees, whatever could not be judged.
    expect({ outcome: report.outcome, mismatches: report.mismatches }).toEqual({
      outcome: route.outcome,
      mismatches: [],
    });
    expect(code).toBe(explainExitCodes[route.outcome]);
    expect(report.attestation.valid).toBe(true);
    if (report.order) expect(report.order.verification.valid).toBe(true);
    const notJudged = report.incomplete.map((part) => ({
      part: kindOf(part.part),
      reason: part.reason,
      chainId: part.chainId,
    }));
    expect(notJudged).toEqual(
      (route.notEvm?.parts ?? []).map((part) => ({
        part,
        reason: "not-evm",
        chainId: route.notEvm?.chainId,
      })),
    );
  },
  "dashboard reading": async (route) => {
    const { requestId, report } = await explainRoute(route);
    const response = await fetch(`${devnet().url}/devnet/requests/${requestId}`);
    expect(response.status).toBe(200);
    const inspected = (await response.json()) as {
      reading: RequestReading;
      verdicts: RequestReading["verdicts"];
    };
    const withoutUrl = (parts: ExplainReport["incomplete"]) => parts.map(({ url: _url, ...part }) => part);
    const { reading } = inspected;
    expect({
      outcome: reading.outcome,
      mismatches: reading.mismatches,
      explained: reading.explained,
      incomplete: withoutUrl(reading.incomplete),
      reason: reading.reason,
    }).toEqual({
      outcome: report.outcome,
      mismatches: report.mismatches,
      explained: report.explained,
      incomplete: withoutUrl(report.incomplete),
      reason: report.reason,
    });
    // The verdicts, as explain gives them: each attestation's and the order's validity and signer.
    const verdictOf = (part: ExplainReport["attestation"]["v1"]) =>
      part.available ? expect.objectContaining({ valid: part.valid, signer: part.signer }) : null;
    const expected = {
      attestationV1: verdictOf(report.attestation.v1),
      attestationV2: verdictOf(report.attestation.v2),
      order: report.order
        ? expect.objectContaining({
            valid: report.order.verification.valid,
            signer: report.order.verification.signer,
          })
        : null,
    };
    expect(inspected.verdicts).toEqual(expected);
    expect(reading.verdicts).toEqual(expected);
  },
  "status --watch": async (route) => {
    const { requestId } = await drivenRoute(route.name);
    const watched = await watchStatus(devnet().url, requestId);
    expect(watched.stderr).toEqual([]);
    expect(watched.code).toBe(route.final === "success" ? 0 : 1);
    const final = await client().getStatus({ requestId });
    expect(final.status).toBe(route.final);
    expect(watched.last).toMatchObject({
      status: final.status,
      failReason: route.failReason ?? "N/A",
      inTxHashes: final.inTxHashes,
      txHashes: final.txHashes,
    });
  },
  "attestkit execute": async (route) => {
    const { executed } = await drivenRoute(route.name);
    expect(executed?.stderr).toEqual([]);
    expect(executed?.code).toBe(route.final === "success" ? 0 : 1);
    expect(executed?.last).toMatchObject({
      event: "status",
      status: route.final,
      ...(route.failReason ? { failReason: route.failReason } : {}),
    });
  },
};

const matrix = routes.flatMap((route) =>
  (Object.keys(surfaces) as Surface[])
    .filter((surface) => surface !== "attestkit execute" || route.executed)
    .map((surface) => [route.name, surface] as const),
);

test.each(matrix)(
  "%s × %s",
  async (name, surface) => {
    await surfaces[surface](routeNamed(name));
  },
  caseTimeoutMs,
);

// ---------------------------------------------------------------------------------------------
// Scripted service answers: what the devnet does not serve, from a proxy in front of it.

type Rewrite = (request: { path: string; requestId: string | undefined }) => Response | Json | undefined;

/**
 * A service in front of the devnet that forwards every call but those `rewrite` answers (a Response
 * as it is, an object as a change of the devnet's JSON answer); without `devnet`, it is not a devnet
 * (`/devnet/*` is 404, as on the live service). Calls to `/solana-rpc` are counted, never answered.
 */
async function scriptedService({ rewrite, devnet: isDevnet }: { rewrite: Rewrite; devnet: boolean }) {
  const solanaRpcCalls: string[] = [];
  const app = new Hono();
  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    if (url.pathname === "/solana-rpc") {
      solanaRpcCalls.push(await c.req.text());
      return c.json({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "not an EVM chain" } });
    }
    if (!isDevnet && url.pathname.startsWith("/devnet/")) return c.json({ message: "not found" }, 404);
    const requestId =
      url.searchParams.get("requestId") ?? url.pathname.match(/^\/requests\/(0x[0-9a-fA-F]{64})\//)?.[1];
    const change = rewrite({ path: url.pathname, requestId: requestId?.toLowerCase() });
    if (change instanceof Response) return change;
    const answer = await fetch(`${devnet().url}${url.pathname}${url.search}`, {
      method: c.req.method,
      ...(c.req.method === "GET" || c.req.method === "HEAD"
        ? {}
        : { body: await c.req.text(), headers: { "content-type": "application/json" } }),
    });
    if (!change) return new Response(await answer.text(), { status: answer.status, headers: answer.headers });
    return c.json({ ...((await answer.json()) as Json), ...change }, answer.status as 200);
  });
  const served = await serveApp(app);
  return { ...served, solanaRpcCalls };
}

const solanaChainId = 792703809;
const solanaUser = base58.encode(new Uint8Array(32).fill(7));
const solanaNative = "11111111111111111111111111111111";
const solanaDeposit = base58.encode(new Uint8Array(64).fill(9));
const solver = privateKeyToAccount(devnetSolverPrivateKey);

type ScriptedCase = {
  name: string;
  /** The genuine devnet request the answers are scripted over. */
  base: string;
  devnet: boolean;
  /** Built once the base request is known. */
  rewrite: (requestId: Hex) => Promise<Rewrite>;
  /** Extra flags of explain (`text`: for its text report). */
  flags: (service: string, text: boolean) => string[];
  explain: (run: Awaited<ReturnType<typeof explainJson>>, service: { solanaRpcCalls: string[] }) => void;
  text?: (text: string, code: number, service: { solanaRpcCalls: string[] }) => void;
  watch: (watched: Awaited<ReturnType<typeof watchStatus>>) => void;
};

/** The devnet's attestation of `requestId`, its origin moved to Solana and signed again by the devnet solver. */
async function solanaAttestation(requestId: Hex, version: "v1" | "v2") {
  const path = version === "v1" ? "signature" : "signature/v2";
  const genuine = (await (await fetch(`${devnet().url}/requests/${requestId}/${path}`)).json()) as {
    requestData: Json;
  };
  const requestData = {
    ...genuine.requestData,
    originChainId: solanaChainId,
    originUser: solanaUser,
    originCurrency: solanaNative,
  };
  const raw = hashRawAttestation({
    version,
    requestId,
    requestData,
    encoders: devnetBytes32Encoders,
  } as Parameters<typeof hashRawAttestation>[0]);
  return { requestData, signature: await solver.signMessage({ message: { raw } }) };
}

const scripted: ScriptedCase[] = [
  {
    name: "a Solana origin (svm in GET /chains): incomplete, the deposit never sent an EVM call, no --rpc advice for it",
    base: "trigger success",
    devnet: false,
    rewrite: async (requestId) => {
      const v1 = await solanaAttestation(requestId, "v1");
      const v2 = await solanaAttestation(requestId, "v2");
      const chains = (await (await fetch(`${devnet().url}/chains`)).json()) as { chains: Json[] };
      const solana = {
        ...(chains.chains[0] as Json),
        id: solanaChainId,
        name: "solana",
        displayName: "Solana",
        vmType: "svm",
      };
      return ({ path, requestId: id }) => {
        if (path === "/chains") return { chains: [...chains.chains, solana] };
        if (id !== requestId) return undefined;
        if (path === "/intents/status/v3")
          return { originChainId: solanaChainId, inTxHashes: [solanaDeposit] };
        if (path.endsWith("/signature")) return Response.json(v1);
        if (path.endsWith("/signature/v2")) return Response.json(v2);
        return undefined;
      };
    },
    // The EVM chains' RPC given. For JSON, Solana's too (a URL explain must never send an EVM call
    // to); for the text, none (where explain would advise one, were Solana taken for an EVM chain).
    flags: (service, text) => [
      "--solver",
      devnet().info.solver.address,
      "--rpc",
      `${origin().chainId}=${origin().rpcUrl}`,
      "--rpc",
      `${destination().chainId}=${destination().rpcUrl}`,
      ...(text ? [] : ["--rpc", `${solanaChainId}=${service}/solana-rpc`]),
    ],
    explain: ({ code, report, stderr }, service) => {
      expect(stderr).toEqual([]);
      expect(report.outcome).toBe("incomplete");
      expect(code).toBe(4);
      expect(report.mismatches).toEqual([]);
      expect(report.attestation.v1).toMatchObject({ valid: true, signer: solver.address });
      expect(report.attestation.v2).toMatchObject({ valid: true, signer: solver.address });
      expect(report.incomplete.map(({ part, reason, chainId }) => ({ part, reason, chainId }))).toEqual([
        { part: "deposit", reason: "not-evm", chainId: solanaChainId },
      ]);
      expect(report.fills.map((fill) => fill.kind)).toEqual(["fill"]);
      expect(service.solanaRpcCalls).toEqual([]);
    },
    text: (text, code, service) => {
      expect(code).toBe(4);
      expect(text).toContain(`NOT JUDGED deposit: chain ${solanaChainId} is a svm chain`);
      expect(text).not.toContain(`--rpc ${solanaChainId}`);
      expect(text).toMatch(/INCOMPLETE/);
      expect(service.solanaRpcCalls).toEqual([]);
    },
    watch: ({ code, last, stderr }) => {
      expect(stderr).toEqual([]);
      expect(code).toBe(0);
      expect(last).toMatchObject({ status: "success", originChainId: solanaChainId });
    },
  },
  {
    name: "an unknown status string: explain still reports (0 or 4), status --watch ends with the service-error code naming it",
    base: "account ERC-20",
    devnet: true,
    rewrite: async (requestId) => {
      return ({ path, requestId: id }) =>
        id === requestId && path === "/intents/status/v3" ? { status: "rebalancing" } : undefined;
    },
    flags: () => [],
    explain: ({ code, report, stderr }) => {
      expect(stderr).toEqual([]);
      expect(report.status.status).toBe("rebalancing");
      expect(report.outcome).not.toBe("inconsistent");
      expect([0, 4]).toContain(code);
      expect(code).toBe(explainExitCodes[report.outcome]);
    },
    text: (text, code) => {
      expect([0, 4]).toContain(code);
      expect(text).toMatch(/^ {2}status +rebalancing \(a status attestkit does not know\)$/m);
    },
    watch: ({ code, last, stderr }) => {
      // Not a crash: the documented error exit (3) with the status named, never a final status made up.
      expect(code).toBe(3);
      expect(last).toMatchObject({ error: { name: "UnknownStatusError" } });
      expect(JSON.stringify(last)).toContain("rebalancing");
      expect(stderr.join("\n")).not.toMatch(/at .*\.ts:\d+/);
    },
  },
  {
    name: "an unknown failReason on a refund: explain reports it as unknown (0 or 4), status --watch exits 1",
    base: "trigger ttl-expired",
    devnet: true,
    rewrite: async (requestId) => {
      return ({ path, requestId: id }) =>
        id === requestId && path === "/intents/status/v3" ? { failReason: "SOLVER_WENT_FISHING" } : undefined;
    },
    flags: () => [],
    explain: ({ code, report, stderr }) => {
      expect(stderr).toEqual([]);
      expect(report.outcome).not.toBe("inconsistent");
      expect([0, 4]).toContain(code);
      expect(code).toBe(explainExitCodes[report.outcome]);
      expect(report.reason.failReason).toBe("SOLVER_WENT_FISHING");
      expect(report.reason.failReasonText).toMatch(/SOLVER_WENT_FISHING, which attestkit does not know/);
    },
    text: (text, code) => {
      expect([0, 4]).toContain(code);
      expect(text).toContain("SOLVER_WENT_FISHING");
      expect(text).toContain("does not know");
    },
    watch: ({ code, last, stderr }) => {
      expect(stderr).toEqual([]);
      expect(code).toBe(1);
      expect(last).toMatchObject({ status: "refund", failReason: "SOLVER_WENT_FISHING" });
    },
  },
  {
    name: "no attestations (404 on /signature and /signature/v2): incomplete, no-attestation, exit 4",
    base: "receiver v1 native",
    devnet: true,
    rewrite: async (requestId) => {
      return ({ path, requestId: id }) =>
        id === requestId && /\/signature(\/v2)?$/.test(path)
          ? Response.json(
              { message: `Request ${requestId} not found.`, errorCode: "REQUEST_NOT_FOUND" },
              { status: 404 },
            )
          : undefined;
    },
    flags: () => [],
    explain: ({ code, report, stderr }) => {
      expect(stderr).toEqual([]);
      expect(report.outcome).toBe("incomplete");
      expect(code).toBe(4);
      expect(report.mismatches).toEqual([]);
      expect(report.incomplete.map(({ part, reason }) => ({ part, reason }))).toEqual([
        { part: "attestation v1", reason: "no-attestation" },
        { part: "attestation v2", reason: "no-attestation" },
      ]);
      expect(report.attestation).toMatchObject({
        valid: false,
        v1: { available: false },
        v2: { available: false },
      });
    },
    text: (text, code) => {
      expect(code).toBe(4);
      expect(text).toContain("NOT JUDGED attestation v1: the service has no attestation");
      expect(text).toContain("NOT JUDGED attestation v2: the service has no attestation");
      expect(text).toMatch(/INCOMPLETE/);
    },
    watch: ({ code, last, stderr }) => {
      expect(stderr).toEqual([]);
      expect(code).toBe(0);
      expect(last).toMatchObject({ status: "success" });
    },
  },
];

type Service = Awaited<ReturnType<typeof scriptedService>> & { requestId: Hex };
const services = new Map<string, Promise<Service>>();
afterAll(async () => {
  for (const service of services.values()) await (await service.catch(() => undefined))?.close();
});
/** The case's scripted service, started once for its surfaces. */
function serviceOf(scriptedCase: ScriptedCase): Promise<Service> {
  let service = services.get(scriptedCase.name);
  if (!service) {
    service = (async () => {
      const { requestId } = await drivenRoute(scriptedCase.base);
      const rewrite = await scriptedCase.rewrite(requestId);
      return { ...(await scriptedService({ rewrite, devnet: scriptedCase.devnet })), requestId };
    })();
    services.set(scriptedCase.name, service);
  }
  return service;
}

type ScriptedSurface = "explain --json" | "explain (text)" | "status --watch";
const scriptedMatrix = scripted.flatMap((scriptedCase) =>
  (["explain --json", "explain (text)", "status --watch"] as const)
    .filter((surface) => surface !== "explain (text)" || scriptedCase.text)
    .map((surface) => [scriptedCase.name, surface] as const),
);

test.each(scriptedMatrix)(
  "scripted service: %s × %s",
  async (name, surface: ScriptedSurface) => {
    const scriptedCase = scripted.find((entry) => entry.name === name) as ScriptedCase;
    const service = await serviceOf(scriptedCase);
    if (surface === "explain --json") {
      const flags = scriptedCase.flags(service.url, false);
      scriptedCase.explain(await explainJson(service.url, service.requestId, ...flags), service);
    } else if (surface === "explain (text)") {
      const flags = scriptedCase.flags(service.url, true);
      const run = await cli(service.url, ["explain", service.requestId, ...flags]);
      expect(run.stderr).toEqual([]);
      scriptedCase.text?.(run.stdout.join("\n"), run.code, service);
    } else scriptedCase.watch(await watchStatus(service.url, service.requestId));
  },
  caseTimeoutMs,
);

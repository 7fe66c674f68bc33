// A devnet quote carries a real order (protocol.v2): both TypeScript paths and the CLI verify it
// against the devnet's solver and /chains, a payer pays it through the receiver's order entry
// points (payOrderNative, payOrderErc20), the devnet solver recognises the deposit under the
// order id and fills the request; a tampered, replayed, short, foreign or late order is refused
// by the receiver before any money moves.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Address,
  type BaseError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  decodeEventLog,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import { captureIo } from "../../../test/support/captureIo.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { toAttestationStruct } from "../../attestkit/src/attestation/toAttestationStruct.js";
import { runCli } from "../../attestkit/src/cli/createProgram.js";
import { getChains } from "../../attestkit/src/client/actions/getChains.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { attestedDepositReceiverAbi } from "../../attestkit/src/contracts/index.js";
import { hashOrder } from "../../attestkit/src/orders/hashOrder.js";
import { verifyQuoteNoble } from "../../attestkit/src/orders/noble/verifyQuoteNoble.js";
import { toOrderChains } from "../../attestkit/src/orders/toOrderChains.js";
import { toOrderPayment } from "../../attestkit/src/orders/toOrderPayment.js";
import type { OrderChains } from "../../attestkit/src/orders/types.js";
import { verifyQuote } from "../../attestkit/src/orders/verifyQuote.js";
import { devnetChainSlugs, devnetSolverPrivateKey } from "../src/constants.js";
import type { Devnet } from "../src/createDevnet.js";

type Chain = Devnet["info"]["chains"][number];
/** `orderData` v1 as the devnet writes it (JSON), writable so that tests can change one field. */
type OrderJson = {
  version: "v1";
  solverChainId: string;
  solver: string;
  salt: string;
  inputs: {
    payment: { chainId: string; currency: string; amount: string; weight: string };
    refunds: {
      chainId: string;
      recipient: string;
      currency: string;
      minimumAmount: string;
      deadline: number;
      extraData: string;
    }[];
  }[];
  output: {
    chainId: string;
    payments: { recipient: string; currency: string; minimumAmount: string; expectedAmount: string }[];
    calls: string[];
    deadline: number;
    extraData: string;
  };
  fees: {
    recipientChainId: string;
    recipient: string;
    currencyChainId: string;
    currency: string;
    amount: string;
  }[];
};
type V2 = { orderId: Hex; orderData: OrderJson; orderSignature: Hex; paymentDetails: unknown };

const { devnet } = useDevnet();
let origin: Chain;
let destination: Chain;
let receiver: Address;
let chains: OrderChains;
let chainsAnswer: unknown;
const client = () =>
  createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
const solverAccount = privateKeyToAccount(devnetSolverPrivateKey);
const dir = makeTempDir("devnet-order");

beforeAll(async () => {
  origin = devnet().info.chains[0] as Chain;
  destination = devnet().info.chains[1] as Chain;
  receiver = origin.contracts.attestedDepositReceiver as Address;
  chainsAnswer = await getChains(client());
  chains = toOrderChains({ chains: chainsAnswer });
});

const payerOf = (index: number) =>
  privateKeyToAccount((devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey);
const originClient = () => createPublicClient({ transport: http(origin.rpcUrl) });
const destinationClient = () => createPublicClient({ transport: http(destination.rpcUrl) });

/** A verified quote whose `user` is the receiver, paid by `payer`, to `recipient`. */
async function quoteFor(payer: Address, recipient: Address, currency: "native" | "token", amount: bigint) {
  const quote = await client().getQuote({
    user: receiver,
    payer,
    recipient,
    originChainId: origin.chainId,
    destinationChainId: destination.chainId,
    originCurrency: currency === "native" ? zeroAddress : origin.contracts.token,
    destinationCurrency: currency === "native" ? zeroAddress : destination.contracts.token,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    ttl: 300,
    verify: { solvers: [devnet().info.solver.address], trustRoot: devnet().trustRoot },
  });
  return { quote, v2: quote.protocol?.v2 as unknown as V2, requestId: quote.requestId as Hex };
}

/** The receiver's custom error a call reverts with (its name and args), or null when it succeeds. */
async function revertOf(from: Address, data: Hex, value: bigint) {
  try {
    await originClient().call({ account: from, to: receiver, data, value });
    return null;
  } catch (error) {
    const raw = (error as BaseError).walk((cause) => typeof (cause as { data?: unknown }).data === "string");
    const revert = (raw as { data?: Hex } | null)?.data;
    if (!revert) throw error;
    const { errorName, args } = decodeErrorResult({ abi: attestedDepositReceiverAbi, data: revert });
    return { errorName, args };
  }
}

/** Pays the order through the receiver (approving the token first) and waits for the receipt. */
async function pay(payerIndex: number, payment: ReturnType<typeof toOrderPayment>) {
  const payer = payerOf(payerIndex);
  const wallet = createWalletClient({ account: payer, transport: http(origin.rpcUrl), pollingInterval: 50 });
  const publicClient = originClient();
  if (payment.currency !== zeroAddress) {
    const approval = await wallet.writeContract({
      address: payment.currency,
      abi: erc20Abi,
      functionName: "approve",
      args: [receiver, payment.amount],
      chain: null,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: approval })).status).toBe("success");
  }
  const hash = await wallet.sendTransaction({
    to: receiver,
    data: payment.data,
    value: payment.value,
    chain: null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return { hash, receipt };
}

describe("the devnet's quotes carry orders its solver signed", () => {
  test("default: both TypeScript paths accept the order with the devnet solver and the devnet /chains", async () => {
    const payer = payerOf(2).address;
    const { quote, v2 } = await quoteFor(payer, payer, "native", parseEther("0.01"));
    expect(quote.verification).toMatchObject({ valid: true, orderId: v2.orderId });
    const viemVerdict = await verifyQuote({ quote, chains, solvers: [devnet().info.solver.address] });
    const nobleVerdict = verifyQuoteNoble({ quote, chains, solvers: [devnet().info.solver.address] });
    expect(viemVerdict.checks.filter((check) => !check.ok)).toEqual([]);
    expect(viemVerdict).toMatchObject({
      valid: true,
      orderId: v2.orderId,
      signer: devnet().info.solver.address,
    });
    expect(nobleVerdict).toEqual(viemVerdict);
    // Against the live solver set alone, the devnet's order is refused: the signer check can fail.
    const live = await verifyQuote({ quote, chains });
    expect(live.valid).toBe(false);
    expect(live.checks.find((check) => check.name === "signer")?.ok).toBe(false);
    expect(verifyQuoteNoble({ quote, chains }).valid).toBe(false);
  });

  test("orders with fees, calls, a token or an exact output: both paths accept them and agree", async () => {
    const payer = payerOf(2).address;
    const base = {
      user: receiver,
      payer,
      originChainId: origin.chainId,
      destinationChainId: destination.chainId,
      tradeType: "EXACT_INPUT" as const,
      verify: { solvers: [devnet().info.solver.address], trustRoot: devnet().trustRoot },
    };
    const native = {
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.1").toString(),
    };
    const variants = [
      { ...native, appFees: [{ recipient: payerOf(1).address, fee: "25" }, { fee: "5" }] },
      { ...native, recipient: payer, txs: [{ to: payerOf(1).address, data: "0x1234", value: "1000" }] },
      {
        originCurrency: origin.contracts.token,
        destinationCurrency: destination.contracts.token,
        amount: "5000000",
      },
      { ...native, tradeType: "EXACT_OUTPUT" as const, amount: parseEther("0.05").toString() },
    ];
    for (const variant of variants) {
      const quote = await client().getQuote({ ...base, ...variant });
      const label = JSON.stringify(variant);
      const noble = verifyQuoteNoble({ quote, chains, solvers: [devnet().info.solver.address] });
      expect(quote.verification, label).toMatchObject({ valid: true });
      expect(noble, label).toEqual(quote.verification);
      const v2 = quote.protocol?.v2 as unknown as V2 | undefined;
      if ("appFees" in variant) expect(v2?.orderData.fees, label).toHaveLength(2);
      if ("txs" in variant) expect(v2?.orderData.output.calls, label).toHaveLength(1);
    }
  });

  test("the order states the quote's terms", async () => {
    const payer = payerOf(2).address;
    const recipient = payerOf(3).address;
    const amount = parseEther("0.02");
    const before = Math.floor(Date.now() / 1000);
    const { quote, v2 } = await quoteFor(payer, recipient, "native", amount);
    const after = Math.floor(Date.now() / 1000);
    const { orderData } = v2;
    expect(orderData.inputs[0]?.payment).toEqual({
      chainId: devnetChainSlugs.origin,
      currency: zeroAddress,
      amount: amount.toString(),
      weight: "1",
    });
    expect(v2.paymentDetails).toMatchObject({
      chainId: orderData.inputs[0]?.payment.chainId,
      depository: origin.contracts.depository.toLowerCase(),
      amount: amount.toString(),
    });
    expect(orderData.inputs[0]?.refunds[0]).toMatchObject({ recipient: payer.toLowerCase() });
    expect(orderData.output.payments[0]).toMatchObject({
      recipient: recipient.toLowerCase(),
      currency: zeroAddress,
      expectedAmount: quote.details?.currencyOut?.amount,
    });
    // The ttl's deadline, signed: the refund's and the output's; 300 s after the quote was made,
    // which was between the clock readings around the call, however long it took.
    const deadline = orderData.output.deadline;
    expect(deadline).toBeGreaterThanOrEqual(before + 300);
    expect(deadline).toBeLessThanOrEqual(after + 300);
    expect(orderData.inputs[0]?.refunds[0]?.deadline).toBe(deadline);
    expect(hashOrder({ orderData, chains })).toBe(v2.orderId);
  });

  test("attestkit verify --quote on a saved devnet quote: exit 0 with the devnet solver, 1 tampered or another solver", async () => {
    const payer = payerOf(2).address;
    const { quote } = await quoteFor(payer, payer, "token", 2_000_000n);
    const quoteFile = join(dir, "quote.json");
    const chainsFile = join(dir, "chains.json");
    writeFileSync(quoteFile, JSON.stringify(quote));
    writeFileSync(chainsFile, JSON.stringify(chainsAnswer));
    const run = async (...args: string[]) => {
      const io = captureIo();
      const code = await runCli(["verify", ...args, "--json"], io);
      return { code, last: JSON.parse(io.stdout.at(-1) ?? "{}") as Record<string, unknown> };
    };
    const solver = ["--solver", devnet().info.solver.address];
    const saved = await run("--quote", quoteFile, "--chains", chainsFile, ...solver);
    expect(saved).toMatchObject({ code: 0, last: { valid: true, orderId: quote.protocol?.v2?.orderId } });
    // Without --chains, the chains come from the devnet's own GET /chains.
    expect((await run("--api", devnet().url, "--quote", quoteFile, ...solver)).code).toBe(0);
    // The live solver set does not include the devnet's solver.
    expect((await run("--quote", quoteFile, "--chains", chainsFile)).code).toBe(1);
    const tampered = structuredClone(quote) as unknown as { protocol: { v2: V2 } };
    tampered.protocol.v2.orderData.output.payments[0] = {
      ...(tampered.protocol.v2.orderData.output.payments[0] as OrderJson["output"]["payments"][number]),
      minimumAmount: "1",
    };
    const tamperedFile = join(dir, "tampered.json");
    writeFileSync(tamperedFile, JSON.stringify(tampered));
    expect((await run("--quote", tamperedFile, "--chains", chainsFile, ...solver)).code).toBe(1);
  });
});

describe("paying a devnet order through the receiver", () => {
  test("default: payOrderNative; the solver takes the deposit under the order id and fills the request", async () => {
    const payer = payerOf(4);
    const recipient = payerOf(5).address;
    const amount = parseEther("0.05");
    const { v2, requestId } = await quoteFor(payer.address, recipient, "native", amount);
    const payment = toOrderPayment({ ...v2, chains });
    expect(payment.call.functionName).toBe("payOrderNative");
    expect(payment).toMatchObject({ orderId: v2.orderId, value: amount, amount });
    const before = await destinationClient().getBalance({ address: recipient });
    const { hash, receipt } = await pay(4, payment);
    // The receiver deposited under the order id, not the request id.
    const paid = receipt.logs
      .filter((log) => log.address.toLowerCase() === receiver.toLowerCase())
      .map((log) => decodeEventLog({ abi: attestedDepositReceiverAbi, ...log }))
      .find((event) => event.eventName === "OrderPaid");
    expect(paid?.args).toMatchObject({ orderId: v2.orderId, payer: payer.address, amount });
    const final = await waitForStatus(client(), { requestId, intervalMs: 50 });
    expect(final, JSON.stringify(final)).toMatchObject({ status: "success" });
    expect(final.inTxHashes).toEqual([hash]);
    const expected = BigInt(v2.orderData.output.payments[0]?.expectedAmount as string);
    expect(await destinationClient().getBalance({ address: recipient })).toBe(before + expected);
    // Paid once: the same order again is refused by the receiver, before the solver ever sees it.
    expect(await revertOf(payer.address, payment.data, payment.value)).toMatchObject({
      errorName: "RequestAlreadyPaid",
      args: [v2.orderId, payer.address],
    });
  });

  test("payOrderErc20: the token order is paid and filled on the destination token", async () => {
    const payer = payerOf(6);
    const recipient = payerOf(7).address;
    const { v2, requestId } = await quoteFor(payer.address, recipient, "token", 3_000_000n);
    const payment = toOrderPayment({ ...v2, chains });
    expect(payment.call.functionName).toBe("payOrderErc20");
    expect(payment).toMatchObject({ currency: origin.contracts.token, amount: 3_000_000n, value: 0n });
    const balance = () =>
      destinationClient().readContract({
        address: destination.contracts.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      });
    const before = await balance();
    await pay(6, payment);
    const final = await waitForStatus(client(), { requestId, intervalMs: 50 });
    expect(final, JSON.stringify(final)).toMatchObject({ status: "success" });
    expect(await balance()).toBe(before + BigInt(v2.orderData.output.payments[0]?.expectedAmount as string));
  });

  test("one request paid twice, by its order id and by its request id: the second is refunded to the payer", async () => {
    const payer = payerOf(4);
    const amount = parseEther("0.04");
    const { v2, requestId } = await quoteFor(payer.address, payerOf(5).address, "native", amount);
    await pay(4, toOrderPayment({ ...v2, chains }));
    expect(await waitForStatus(client(), { requestId, intervalMs: 50 })).toMatchObject({
      status: "success",
    });
    // The receiver keys replay by depository id, so the attestation path takes the request id once more.
    const record = await client().getAttestation({ requestId });
    const wallet = createWalletClient({
      account: payer,
      transport: http(origin.rpcUrl),
      pollingInterval: 50,
    });
    const before = await originClient().getBalance({ address: payer.address });
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
    const receipt = await originClient().waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    await devnet().idle();
    const original = await client().getStatus({ requestId });
    const duplicates = (original.details as { duplicateDeposits?: Hex[] } | null)?.duplicateDeposits ?? [];
    expect(duplicates).toHaveLength(1);
    const duplicate = await waitForStatus(client(), {
      requestId: duplicates[0] as Hex,
      intervalMs: 50,
    });
    expect(duplicate).toMatchObject({ status: "refund", failReason: "DOUBLE_SPEND" });
    // Refunded to the quote's refundTo, the payer: all of it but the gas of the second payment.
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await originClient().getBalance({ address: payer.address })).toBe(before - gas);
  });

  describe("refused by the receiver", () => {
    const amount = parseEther("0.03");
    /** A fresh native quote of payer 8 to payer 9. */
    const fresh = async () => {
      const payer = payerOf(8);
      const { v2, requestId } = await quoteFor(payer.address, payerOf(9).address, "native", amount);
      return { payer, v2, requestId };
    };
    /** The same order with one field changed, the solver's signature kept. */
    const tamper = (v2: V2, change: (order: OrderJson) => void) => {
      const orderData = structuredClone(v2.orderData);
      change(orderData);
      return toOrderPayment({ ...v2, orderData, chains });
    };
    /** An order the devnet solver really signed, with one field changed before signing. */
    const resign = async (v2: V2, change: (order: OrderJson) => void) => {
      const orderData = structuredClone(v2.orderData);
      change(orderData);
      const orderId = hashOrder({ orderData, chains });
      const orderSignature = await solverAccount.signMessage({ message: { raw: orderId } });
      return toOrderPayment({ orderData, orderSignature, chains });
    };

    test("an order changed after signing (output minimum, recipient, input amount): SignerNotAllowed", async () => {
      const { payer, v2 } = await fresh();
      const attacker = payerOf(1).address.toLowerCase();
      const cases: [string, (order: OrderJson) => void][] = [
        [
          "output minimum lowered",
          (order) => ((order.output.payments[0] as { minimumAmount: string }).minimumAmount = "1"),
        ],
        [
          "output recipient replaced",
          (order) => ((order.output.payments[0] as { recipient: string }).recipient = attacker),
        ],
        [
          "input amount lowered (and paid)",
          (order) => ((order.inputs[0]?.payment as { amount: string }).amount = (amount - 1n).toString()),
        ],
        [
          "deadline pushed (the refunds' with it)",
          (order) => {
            order.output.deadline += 3_600;
            for (const refund of order.inputs[0]?.refunds ?? [])
              (refund as { deadline: number }).deadline += 3_600;
          },
        ],
      ];
      for (const [name, change] of cases) {
        const payment = tamper(v2, change);
        expect(payment.orderId, name).not.toBe(v2.orderId);
        const revert = await revertOf(payer.address, payment.data, payment.value);
        expect(revert?.errorName, name).toBe("SignerNotAllowed");
        expect(String(revert?.args?.[0]).toLowerCase(), name).not.toBe(
          devnet().info.solver.address.toLowerCase(),
        );
      }
      // Untampered, the same order passes the same checks.
      const genuine = toOrderPayment({ ...v2, chains });
      expect(await revertOf(payer.address, genuine.data, genuine.value)).toBeNull();
    });

    test("the signed order with a short or excess value: AmountMismatch", async () => {
      const { payer, v2 } = await fresh();
      const payment = toOrderPayment({ ...v2, chains });
      for (const value of [amount - 1n, amount + 1n])
        expect(await revertOf(payer.address, payment.data, value)).toMatchObject({
          errorName: "AmountMismatch",
          args: [amount, value],
        });
    });

    test("an order the solver signed for another chain's input: OrderChainMismatch", async () => {
      const { payer, v2 } = await fresh();
      const payment = await resign(v2, (order) => {
        (order.inputs[0]?.payment as { chainId: string }).chainId = order.output.chainId;
      });
      expect(await revertOf(payer.address, payment.data, payment.value)).toMatchObject({
        errorName: "OrderChainMismatch",
        args: [v2.orderData.output.chainId, v2.orderData.inputs[0]?.payment.chainId],
      });
    });

    test("an order the solver signed whose deadline has passed: DeadlineExpired", async () => {
      const { payer, v2 } = await fresh();
      const past = Math.floor(Date.now() / 1000) - 600;
      const payment = await resign(v2, (order) => {
        order.output.deadline = past;
      });
      const revert = await revertOf(payer.address, payment.data, payment.value);
      expect(revert?.errorName).toBe("DeadlineExpired");
      expect(revert?.args?.[0]).toBe(BigInt(past));
    });

    test("nothing moved: the request of the refused orders is still waiting", async () => {
      const { payer, v2, requestId } = await fresh();
      const payment = tamper(v2, (order) => {
        (order.output.payments[0] as { minimumAmount: string }).minimumAmount = "0";
      });
      const before = await originClient().getBalance({ address: origin.contracts.depository });
      const wallet = createWalletClient({
        account: payer,
        transport: http(origin.rpcUrl),
        pollingInterval: 50,
      });
      // Sent for real (a fixed gas limit skips the estimate): it reverts, or the node rejects it.
      const outcome = await wallet
        .sendTransaction({
          to: receiver,
          data: payment.data,
          value: payment.value,
          chain: null,
          gas: 500_000n,
        })
        .then(
          async (hash) => (await originClient().waitForTransactionReceipt({ hash })).status,
          () => "rejected",
        );
      expect(["reverted", "rejected"]).toContain(outcome);
      expect(await originClient().getBalance({ address: origin.contracts.depository })).toBe(before);
      expect((await client().getStatus({ requestId })).status).toBe("waiting");
    });
  });
});

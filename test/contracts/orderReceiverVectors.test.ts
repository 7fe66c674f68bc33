// The receiver's order check is the payment itself: every shared order vector that has a struct
// (test/vectors/orders.json) is paid through AttestedDepositReceiver the way its quote says to pay
// (paymentDetails' currency and amount, on the chain it names), and the outcome is the one both
// TypeScript verifiers' checks predict: paid under the id they recompute, or refused with the
// custom error of the first check that fails in the receiver's order. The receiver pays an order
// only for the account its refunds name, so each vector is paid from its first refund's recipient
// when that is an EVM address (an impersonated account here).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { devnetDepositoryAbi } from "attestkit/contracts";
import { network } from "hardhat";
import {
  type Address,
  getAddress,
  getContract,
  type Hex,
  keccak256,
  maxUint256,
  parseEventLogs,
  stringToHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, test } from "vitest";
import { attestedDepositReceiverAbi } from "../../packages/attestkit/src/contracts/index.js";
import { evmDepository } from "../../packages/attestkit/src/orders/constants.js";
import { verifyOrderNoble } from "../../packages/attestkit/src/orders/noble/verifyOrderNoble.js";
import { orderVmTypeOf } from "../../packages/attestkit/src/orders/orderVmTypeOf.js";
import { toOrderPayment } from "../../packages/attestkit/src/orders/toOrderPayment.js";
import { toOrderRecipient } from "../../packages/attestkit/src/orders/toOrderRecipient.js";
import { toOrderStruct } from "../../packages/attestkit/src/orders/toOrderStruct.js";
import type {
  LegacyBitcoinEncoding,
  OrderChains,
  VerifyOrderResult,
} from "../../packages/attestkit/src/orders/types.js";
import { verifyOrder } from "../../packages/attestkit/src/orders/verifyOrder.js";
import { devnetTokenAbi } from "../../packages/devnet/src/contracts/abis.js";
import { revertOf } from "../support/contracts.js";

type Vector = {
  name: string;
  source: string | null;
  chains: OrderChains;
  legacyBitcoinEncoding: LegacyBitcoinEncoding | null;
  solvers: string[];
  orderId: Hex;
  orderData: Record<string, unknown>;
  orderSignature: Hex | null;
  paymentDetails: { chainId: string; depository: string; currency: string; amount: string | number } | null;
  expected: { error: string | null };
};
const file = JSON.parse(
  readFileSync(fileURLToPath(new URL("../vectors/orders.json", import.meta.url)), "utf8"),
) as { vectors: Vector[] };

/** Signs the published (unsigned) vectors, which carry an order id but no solver signature. */
const publicSigner = privateKeyToAccount(keccak256(stringToHex("attestkit/vectors/receiver-public-solver")));
/** Where the vectors' USDC lives on base; a test token's code is placed there. */
const usdc: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

const hasStruct = (v: Vector) => {
  try {
    toOrderStruct({ orderData: v.orderData, ...encoding(v) });
    return true;
  } catch {
    return false;
  }
};
const encoding = (v: Vector) => ({
  chains: v.chains,
  legacyBitcoinEncoding: v.legacyBitcoinEncoding ?? undefined,
});
const withStruct = file.vectors.filter(hasStruct);

type Chain = Awaited<ReturnType<typeof setUp>>;
let chain: Chain;
async function setUp() {
  // Before every vector's deadline (the earliest is 2026-03-30): the deadline check passes, so
  // what is compared is what the TypeScript verifiers check.
  const { viem, networkHelpers } = await network.create({
    override: { initialDate: "2026-01-01T00:00:00Z" } as never,
  });
  const publicClient = await viem.getPublicClient();
  const [owner, payer] = await viem.getWalletClients();
  if (!owner || !payer) throw new Error("the in-process chain has too few accounts");
  const deploy = async (name: string, args: readonly unknown[]) => {
    const { address } = (await viem.deployContract(name as never, args as never)) as { address: Address };
    return address;
  };
  // The service's depository and base USDC, at their real addresses: the devnet contracts' code.
  const place = async (name: string, args: readonly unknown[], at: Address) => {
    const code = await publicClient.getCode({ address: await deploy(name, args) });
    await networkHelpers.setCode(at, code as Hex);
  };
  await place("DevnetDepository", [owner.account.address], evmDepository);
  await place("DevnetToken", ["USD Coin", "USDC", 6], usdc);
  const token = getContract({
    abi: devnetTokenAbi,
    address: usdc,
    client: { public: publicClient, wallet: payer },
  });
  await token.write.mint([payer.account.address, 10n ** 30n]);
  /** A wallet for `address` (impersonated), funded in native currency and the vectors' USDC. */
  const fundedWallet = async (address: Address) => {
    if (getAddress(address) === getAddress(payer.account.address)) return payer;
    await networkHelpers.impersonateAccount(address);
    await networkHelpers.setBalance(address, 10n ** 30n);
    await token.write.mint([address, 10n ** 30n]);
    return viem.getWalletClient(address);
  };
  /** A receiver paying to the depository, with the given solvers, slug and destination rule. */
  const receiver = async (solvers: readonly string[], slug: string, allowAny: boolean) => {
    const [primary = zeroAddress, ...more] = solvers.map((s) => getAddress(s));
    const address = await deploy("AttestedDepositReceiver", [
      owner.account.address,
      evmDepository,
      primary,
      more,
      [],
      [],
      allowAny,
    ]);
    const contract = getContract({
      abi: attestedDepositReceiverAbi,
      address,
      client: { public: publicClient, wallet: owner },
    });
    await contract.write.setChainSlug([slug]);
    await token.write.approve([address, maxUint256]);
    return contract;
  };
  /** Lets `wallet` pay `receiver` in the vectors' USDC. */
  const approve = async (wallet: typeof payer, receiver: Address) => {
    await getContract({ abi: devnetTokenAbi, address: usdc, client: { wallet } }).write.approve([
      receiver,
      maxUint256,
    ]);
  };
  return { publicClient, payer, receiver, fundedWallet, approve };
}
beforeAll(async () => {
  chain = await setUp();
});

/** What the quote tells the payer to pay; for the SDK's vectors (none given), the signed input. */
function paymentOf(v: Vector) {
  if (v.paymentDetails) return v.paymentDetails;
  const input = (
    v.orderData.version === "v1"
      ? (v.orderData.inputs as { payment: unknown }[])[0]?.payment
      : v.orderData.input
  ) as Record<string, string>;
  return {
    chainId: input.chainId as string,
    depository: evmDepository,
    currency: input.currency as string,
    amount: input.amount as string,
  };
}

/** Both TypeScript verdicts, which must agree; null when they throw (with that error's name). */
async function offchain(parameters: Parameters<typeof verifyOrder>[0]) {
  const run = async (f: () => Promise<VerifyOrderResult> | VerifyOrderResult) => {
    try {
      return { result: await f(), error: null };
    } catch (error) {
      return { result: null, error: error as Error & { field?: string } };
    }
  };
  const viemPath = await run(() => verifyOrder(parameters));
  const noblePath = await run(() => verifyOrderNoble(parameters));
  expect(noblePath.error?.name ?? null).toBe(viemPath.error?.name ?? null);
  if (viemPath.result && noblePath.result) {
    const pick = (r: VerifyOrderResult) => ({ orderId: r.orderId, signer: r.signer, checks: r.checks });
    expect(pick(noblePath.result)).toEqual(pick(viemPath.result));
  }
  return viemPath;
}

/** The receiver's check order: each off-chain failure, and the receiver's own payability rules. */
const receiverOrder = [
  "inputs",
  "outputPayments",
  "currency-mismatch",
  "amount-mismatch",
  "chainId-mismatch",
  "refund",
  "signature",
  "signer-not-allowed",
] as const;

/** The order's refunds (v1: its only input's) as the struct encodes them. */
function refundsOf(struct: ReturnType<typeof toOrderStruct>) {
  if (struct.version === "v2") return struct.refunds;
  return struct.inputs.length === 1 ? (struct.inputs[0]?.refunds ?? []) : [];
}
const signatureErrors: Record<string, string> = {
  "invalid-v": "AttestationInvalidSignatureV",
  "invalid-r": "AttestationInvalidSignatureR",
  "invalid-s": "AttestationInvalidSignatureS",
  "high-s": "AttestationHighSignatureS",
  unrecoverable: "AttestationUnrecoverableSignature",
};

test("the vectors with a struct cover paid orders and every refusal the receiver shares with the verifiers", () => {
  expect(withStruct.length).toBeGreaterThanOrEqual(40);
  expect(file.vectors.length - withStruct.length).toBe(6); // Unknown chain or version, bad fields.
});

describe.each(withStruct.map((v) => [v.name, v] as const))("%s", (_, v) => {
  test("the receiver's verdict is the TypeScript paths' verdict", async () => {
    const struct = toOrderStruct({ orderData: v.orderData, ...encoding(v) });
    const unsigned = v.orderSignature === null && v.source !== null;
    const signature: Hex =
      v.orderSignature ??
      (unsigned ? await publicSigner.signMessage({ message: { raw: v.orderId } }) : ("0x" as Hex));
    const solvers = unsigned ? [publicSigner.address.toLowerCase()] : v.solvers;
    const payment = paymentOf(v);
    const ts = await offchain({
      orderId: v.orderId,
      orderData: v.orderData,
      orderSignature: v.orderSignature ?? (unsigned ? signature : undefined),
      paymentDetails: payment,
      solvers,
      ...encoding(v),
    });

    // The receiver on the chain the quote names, with the vector's solvers, any destination; the
    // payer is the first refund's recipient when that is an EVM address.
    const receiver = await chain.receiver(solvers, payment.chainId, true);
    const refunds = refundsOf(struct);
    const firstRefund = refunds[0]?.recipient;
    const wallet = await chain.fundedWallet(
      firstRefund?.length === 42 ? getAddress(firstRefund) : chain.payer.account.address,
    );
    await chain.approve(wallet, receiver.address);
    const account = wallet.account.address;
    const evm = orderVmTypeOf({ chainId: payment.chainId, chains: v.chains }) === "ethereum-vm";
    const paid: Address = evm ? getAddress(payment.currency) : zeroAddress;
    const amount = BigInt(payment.amount);
    const signed = struct.version === "v1" ? struct.inputs[0]?.payment : struct.input;
    const call = () => {
      if (struct.version === "v1")
        return paid === zeroAddress
          ? receiver.simulate.payOrderNative([struct, signature], { account, value: amount })
          : receiver.simulate.payOrderErc20([paid, struct, signature], { account });
      return paid === zeroAddress
        ? receiver.simulate.payOrderV2Native([struct, signature], { account, value: amount })
        : receiver.simulate.payOrderV2Erc20([paid, struct, signature], { account });
    };

    // What the off-chain checks predict, in the receiver's order.
    const failed = new Map<string, unknown[]>();
    if (struct.version === "v1" && struct.inputs.length !== 1)
      failed.set("inputs", ["OrderInputCountUnsupported", BigInt(struct.inputs.length)]);
    if (struct.version === "v1" && struct.output.payments.length === 0)
      failed.set("outputPayments", ["OrderOutputPaymentCountUnsupported", 0n]);
    // A refund, and every refund pays the payer (the receiver is never named: it was deployed just now).
    const stranger = refunds.findIndex((refund) => refund.recipient.toLowerCase() !== account.toLowerCase());
    if (refunds.length === 0) failed.set("refund", ["OrderRefundCountUnsupported", 0n]);
    else if (stranger !== -1) {
      const refund = refunds[stranger] as (typeof refunds)[number];
      failed.set("refund", [
        "OrderRefundRecipientNotAllowed",
        BigInt(stranger),
        refund.chainId,
        refund.recipient,
      ]);
    }
    if (ts.error) {
      // Only a signature the verifiers cannot read: absent, or not 65 bytes.
      expect(ts.error.field).toBe("orderSignature");
      failed.set("signature", ["AttestationInvalidSignatureLength", BigInt((signature.length - 2) / 2)]);
    } else {
      const checks = (ts.result as VerifyOrderResult).checks;
      const check = (name: string) => checks.find((c) => c.name === name);
      const detail = check("paymentDetails");
      const currencyBytes = signed?.currency ?? "0x";
      // An input on another VM is no 20-byte EVM currency: the receiver refuses what it cannot pay.
      if (!evm || detail?.reason === "currency-mismatch")
        failed.set("currency-mismatch", ["OrderCurrencyMismatch", currencyBytes, paid]);
      // A native payment sends the quote's amount; a token payment cannot: the receiver pulls the
      // signed amount itself (checked below).
      if (detail?.reason === "amount-mismatch" && paid === zeroAddress)
        failed.set("amount-mismatch", ["AmountMismatch", signed?.amount, amount]);
      if (detail?.reason === "chainId-mismatch")
        failed.set("chainId-mismatch", ["OrderChainMismatch", signed?.chainId, payment.chainId]);
      const sig = check("signature");
      if (sig && !sig.ok) failed.set("signature", [signatureErrors[sig.reason as string]]);
      const signer = check("signer");
      if (signer?.reason === "signer-not-allowed")
        failed.set("signer-not-allowed", ["SignerNotAllowed", (ts.result as VerifyOrderResult).signer]);
    }
    const first = receiverOrder.find((name) => failed.has(name));

    if (first !== undefined) {
      const [errorName, ...args] = failed.get(first) as [string, ...unknown[]];
      const revert = await revertOf(call());
      expect(revert.errorName).toBe(errorName);
      if (args.length > 0) expect(revert.args).toEqual(args);
      return;
    }

    // Paid: under the id both paths recompute, into the depository the quote must name.
    const result = ts.result as VerifyOrderResult;
    const ok = (name: string) => result.checks.find((c) => c.name === name)?.ok;
    const { request } = await call();
    const hash = await wallet.writeContract(request as never);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    const [paidEvent] = parseEventLogs({
      abi: attestedDepositReceiverAbi,
      logs: receipt.logs,
      eventName: "OrderPaid",
    });
    const [deposit] = parseEventLogs({
      abi: devnetDepositoryAbi,
      logs: receipt.logs,
      eventName: ["RelayNativeDeposit", "RelayErc20Deposit"],
    });
    // The amount taken is the signed one, whatever the quote said: the verifiers flag the quote.
    expect(paidEvent?.args).toMatchObject({
      orderId: result.orderId,
      currency: paid,
      amount: signed?.amount,
    });
    expect(ok("paymentDetails")).toBe(signed?.amount === amount);
    expect(deposit?.args.id).toBe(result.orderId);
    // The checks the receiver makes by construction: the id is recomputed, never taken from the
    // quote, and the funds go to its own depository, never to the quote's.
    expect(ok("orderId")).toBe(result.orderId === v.orderId.toLowerCase());
    expect(ok("depository")).toBe(
      payment.depository.toLowerCase() === (await receiver.read.DEPOSITORY()).toLowerCase(),
    );
  });
});

test("default: the live quote, paid from toOrderPayment's calldata, in whitelist mode", async () => {
  const live = file.vectors.find((v) => v.name === "live-quote") as Vector;
  const receiver = await chain.receiver(live.solvers, "base", false);
  const robinhoodRecipient = toOrderRecipient({
    chainId: "robinhood",
    recipient: (live.orderData.output as { payments: { recipient: string }[] }).payments[0]?.recipient,
    chains: live.chains,
  });
  await receiver.write.setOrderRecipients([[robinhoodRecipient], true]);
  const payment = toOrderPayment({
    orderData: live.orderData,
    orderSignature: live.orderSignature,
    chains: live.chains,
  });
  // Both refunds of the live order go to the quote's user: paid by anyone else, the order is refused.
  const user = getAddress(
    ((live.orderData.inputs as { refunds: { recipient: string }[] }[])[0]?.refunds[0]?.recipient ??
      "") as Hex,
  );
  const byStranger = await revertOf(
    receiver.simulate.payOrderNative(payment.call.args as never, {
      account: chain.payer.account.address,
      value: payment.value,
    }),
  );
  expect(byStranger.errorName).toBe("OrderRefundRecipientNotAllowed");
  expect(byStranger.args).toEqual([0n, "base", user.toLowerCase()]);
  const wallet = await chain.fundedWallet(user);
  const hash = await wallet.sendTransaction({
    to: receiver.address,
    data: payment.data,
    value: payment.value,
    account: wallet.account,
    chain: wallet.chain,
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  const [paid] = parseEventLogs({
    abi: attestedDepositReceiverAbi,
    logs: receipt.logs,
    eventName: "OrderPaid",
  });
  expect(paid?.args).toMatchObject({
    orderId: live.orderId,
    amount: 874803905765355n,
    currency: zeroAddress,
  });
  expect(await receiver.read.payerOf([live.orderId])).toBe(user);
  // Paid once: the same calldata again is a replay.
  const again = await revertOf(
    receiver.simulate.payOrderNative(payment.call.args as never, {
      account: user,
      value: payment.value,
    }),
  );
  expect(again.errorName).toBe("RequestAlreadyPaid");
});

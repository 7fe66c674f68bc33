// Same-chain quotes the caller runs itself carry no order: the payment guard checks them against the
// intent alone. A send, a wrap and an unwrap are decoded and pay under the guard; the same quotes
// rewritten to pay someone else are refused; a swap it cannot decode runs only once accepted.
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../packages/attestkit/src/client/errors/payment.js";
import { paymentAbi } from "../../packages/attestkit/src/client/payment/paymentAbi.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { useDevnet } from "../support/devnetHarness.js";
import { attacker, holdingsOf, itemOf, type Json, trustingClient } from "../support/guardAttack.js";
import { type HostileProxy, startHostileProxy } from "../support/hostileProxy.js";

const { devnet, origin, account, reader } = useDevnet();

let proxy: HostileProxy;
beforeAll(async () => {
  proxy = await startHostileProxy(devnet().url);
});
afterAll(() => proxy?.close());

const client = () => trustingClient(proxy.url, devnet());

const weth = () => origin().contracts.weth as Address;
const fresh = () => privateKeyToAccount(generatePrivateKey()).address;
const intentOf = (
  index: number,
  from: Address,
  to: Address,
  amount: bigint,
  recipient: Address,
): QuoteRequest => ({
  user: account(index).address,
  recipient,
  originChainId: origin().chainId,
  destinationChainId: origin().chainId,
  originCurrency: from,
  destinationCurrency: to,
  amount: amount.toString(),
  tradeType: "EXACT_INPUT",
});

async function pay(index: number, intent: QuoteRequest, rewrite?: (quote: Json) => Json) {
  proxy.rewrite = rewrite;
  try {
    const quote = await client().getQuote(intent);
    const wallet = createWalletClient({
      account: account(index),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    return await executeSteps(client(), { quote, wallet, checkIntervalMs: 20 }).catch((e: unknown) => e);
  } finally {
    proxy.rewrite = undefined;
  }
}

describe("decoded against the intent, they pay under the guard", () => {
  test("send: native and token", async () => {
    const recipient = fresh();
    const sent = await pay(1, intentOf(1, zeroAddress, zeroAddress, parseEther("0.5"), recipient));
    expect(sent).not.toBeInstanceOf(Error);
    expect(await reader(origin()).getBalance({ address: recipient })).toBe(parseEther("0.5"));
    const token = origin().contracts.token;
    expect(await pay(1, intentOf(1, token, token, 7_000_000n, recipient))).not.toBeInstanceOf(Error);
    expect(
      await reader(origin()).readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      }),
    ).toBe(7_000_000n);
  });

  test("wrap, then unwrap", async () => {
    const recipient = fresh();
    expect(
      await pay(2, intentOf(2, zeroAddress, weth(), parseEther("2"), account(2).address)),
    ).not.toBeInstanceOf(Error);
    expect(await pay(2, intentOf(2, weth(), zeroAddress, parseEther("1"), recipient))).not.toBeInstanceOf(
      Error,
    );
    expect(await reader(origin()).getBalance({ address: recipient })).toBe(parseEther("1"));
  });
});

describe("rewritten to pay someone else, they are refused with nothing sent", () => {
  test.each([
    [
      "a send to the attacker",
      () => intentOf(3, zeroAddress, zeroAddress, parseEther("0.5"), fresh()),
      (q: Json) => {
        itemOf(q, "send").to = attacker;
        return q;
      },
      "recipient-mismatch",
    ],
    [
      "a send of more than the amount",
      () => intentOf(3, zeroAddress, zeroAddress, parseEther("0.5"), fresh()),
      (q: Json) => {
        itemOf(q, "send").value = parseEther("5").toString();
        return q;
      },
      "amount-mismatch",
    ],
    [
      "a wrap credited to the attacker",
      () => intentOf(3, zeroAddress, weth(), parseEther("1"), account(3).address),
      (q: Json) => {
        itemOf(q, "swap").data = encodeFunctionData({
          abi: paymentAbi,
          functionName: "depositTo",
          args: [attacker],
        });
        return q;
      },
      "recipient-mismatch",
    ],
    [
      "a send where a wrap was asked for",
      () => intentOf(3, zeroAddress, weth(), parseEther("1"), account(3).address),
      (q: Json) => {
        Object.assign(itemOf(q, "swap"), { to: account(3).address, data: "0x" });
        return q;
      },
      "wrong-operation",
    ],
  ] as const)("%s", async (_name, intent, rewrite, reason) => {
    const before = await holdingsOf(origin().rpcUrl, origin().contracts.token, account(3).address);
    const error = await pay(3, intent(), rewrite);
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect((error as PaymentMismatchError).check).toMatchObject({ reason });
    expect(await holdingsOf(origin().rpcUrl, origin().contracts.token, account(3).address)).toEqual(before);
  });
});

// The payment guard against a man in the middle: the solver's signed order stays genuine, everything
// else the service says is the attacker's (the quote's steps, `GET /chains`, `GET /devnet/info`). Each
// attack below got money past the guard when the guard took payees from the service and checked items
// one at a time; each must now be refused before anything is sent, signed or submitted.
import { hex } from "@scure/base";
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseGwei,
  toHex,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bitcoin } from "../../packages/attestkit/src/chains/bitcoin/constants.js";
import { toOutputScript } from "../../packages/attestkit/src/chains/bitcoin/toOutputScript.js";
import { externalExchange } from "../../packages/attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { PaymentMismatchError } from "../../packages/attestkit/src/client/errors/payment.js";
import { paymentAbi } from "../../packages/attestkit/src/client/payment/paymentAbi.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { useDevnet } from "../support/devnetHarness.js";
import {
  attacker,
  attackerAccount,
  attackerBitcoin,
  evmIntents,
  holdingsOf,
  itemOf,
  type Json,
  rebuildPsbt,
  trustingClient,
  writesAfter,
} from "../support/guardAttack.js";
import { type HostileProxy, startHostileProxy } from "../support/hostileProxy.js";

const { devnet, origin, destination, account } = useDevnet({ bitcoinBlockTimeMs: 0 });

let proxy: HostileProxy;
beforeAll(async () => {
  proxy = await startHostileProxy(devnet().url);
});
afterAll(() => proxy?.close());

const { native: nativeIntent, token: tokenIntent } = evmIntents({ origin, destination, account });
const client = () => trustingClient(proxy.url, devnet());

/** The caller's client: it trusts the devnet's solver and the devnet's trust root, and talks to the proxy. */

/** `/chains` with the origin chain's entry changed by `change`. */
const chainsRewrite =
  (chainId: number, change: (chain: Json) => void) =>
  ({ path }: { path: string }, body: unknown) => {
    if (path.startsWith("/chains"))
      for (const chain of (body as Json).chains as Json[]) if (chain.id === chainId) change(chain);
    return body;
  };

/**
 * Quotes through the proxy with `rewrite` (and `answers` for every other answer), then runs the
 * steps: the guard must refuse with nothing sent, signed or indexed, the payer's holdings unchanged.
 */
async function expectRefused(
  index: number,
  intent: QuoteRequest,
  rewrite: (quote: Json) => Json | Promise<Json>,
  answers?: HostileProxy["rewriteAnswer"],
) {
  proxy.rewrite = rewrite;
  proxy.rewriteAnswer = answers;
  try {
    const quote = await client().getQuote(intent);
    const payer = account(index).address;
    const before = await holdingsOf(origin().rpcUrl, origin().contracts.token, payer);
    const seen = proxy.requests.length;
    const wallet = createWalletClient({
      account: account(index),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), { quote, wallet, checkIntervalMs: 20 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect(await holdingsOf(origin().rpcUrl, origin().contracts.token, payer)).toEqual(before);
    expect(writesAfter(proxy.requests, seen)).toEqual([]);
    return error as PaymentMismatchError;
  } finally {
    proxy.rewrite = undefined;
    proxy.rewriteAnswer = undefined;
  }
}

describe("payees the service names", () => {
  test("a deposit address the caller never asked for, paid in full", async () => {
    const error = await expectRefused(1, nativeIntent(1), (q) => {
      const step = (q.steps as Json[])[0] as Json;
      step.depositAddress = attacker;
      step.items[0].data = { ...step.items[0].data, to: attacker, data: "0x" };
      return q;
    });
    expect(error.checks.filter((check) => !check.ok).map((check) => check.reason)).toContain(
      "deposit-address-not-asked",
    );
  });

  test("a deposit address that is not the one derived from the order and the user", async () => {
    const intent = nativeIntent(2, { useDepositAddress: true, refundTo: account(2).address });
    const error = await expectRefused(2, intent, (q) => {
      const step = (q.steps as Json[])[0] as Json;
      step.depositAddress = attacker;
      step.items[0].data.to = attacker;
      return q;
    });
    expect(error.check).toMatchObject({ field: "depositAddress", reason: "deposit-address-mismatch" });
  });

  test("the depository taken from GET /chains (and paymentDetails)", async () => {
    const error = await expectRefused(
      3,
      nativeIntent(3),
      (q) => {
        q.protocol.v2.paymentDetails.depository = attacker.toLowerCase();
        itemOf(q, "deposit").to = attacker;
        return q;
      },
      chainsRewrite(origin().chainId, (chain) => {
        chain.protocol.v2.depository = attacker.toLowerCase();
        chain.contracts.depository = attacker.toLowerCase();
      }),
    );
    expect(error.check).toMatchObject({ name: "depository", reason: "depository-mismatch" });
  });

  test("an approval spender taken from GET /chains", async () => {
    await expectRefused(
      4,
      tokenIntent(4),
      (q) => {
        const approve = (q.steps as Json[]).find((step) => step.id === "approve") ?? {
          ...(q.steps as Json[])[0],
          id: "approve",
        };
        approve.items = [
          {
            status: "incomplete",
            data: {
              from: account(4).address,
              to: origin().contracts.token,
              chainId: origin().chainId,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "approve",
                args: [attacker, 5_000_000n],
              }),
            },
          },
        ];
        q.steps = [approve, ...(q.steps as Json[]).filter((step) => step.id !== "approve")];
        return q;
      },
      chainsRewrite(origin().chainId, (chain) => {
        chain.contracts.approvalProxy = attacker.toLowerCase();
        chain.contracts.erc20Router = attacker.toLowerCase();
      }),
    );
  });

  test("a permit payee taken from GET /chains", async () => {
    await expectRefused(
      5,
      { ...tokenIntent(5), usePermit: true },
      (q) => {
        itemOf(q, "authorize").sign.value.to = attacker;
        return q;
      },
      chainsRewrite(origin().chainId, (chain) => {
        chain.contracts.approvalProxy = attacker.toLowerCase();
      }),
    );
  });
});

describe("non-EVM payees and bindings", () => {
  const btcUser = () => devnet().info.bitcoin.testWallets[5] as { p2wpkhAddress: string };
  const btcIntent = (): QuoteRequest => ({
    user: btcUser().p2wpkhAddress,
    recipient: account(6).address,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
  });
  const exchangeUser = () => devnet().info.exchange.testAccounts[5] as { accountIndex: number };
  const exchangeIntent = (): QuoteRequest => ({
    user: String(exchangeUser().accountIndex),
    recipient: account(6).address,
    originChainId: externalExchange.chainId,
    destinationChainId: destination().chainId,
    originCurrency: externalExchange.currency,
    destinationCurrency: destination().contracts.token,
    amount: "20000000",
    tradeType: "EXACT_INPUT",
  });

  /** Runs a Bitcoin or exchange quote: nothing may reach the caller's signer or submitter. */
  async function expectNothingHandled(
    intent: QuoteRequest,
    rewrite: (quote: Json) => Json,
    answers?: HostileProxy["rewriteAnswer"],
  ) {
    proxy.rewrite = rewrite;
    proxy.rewriteAnswer = answers;
    try {
      const quote = await client().getQuote(intent);
      const handled: unknown[] = [];
      const wallet = createWalletClient({
        account: account(6),
        transport: http(destination().rpcUrl),
        pollingInterval: 50,
      });
      const error = await executeSteps(client(), {
        quote,
        wallet,
        handlers: {
          signPsbt: async ({ psbt }) => {
            handled.push(psbt);
            return undefined;
          },
          submitExchangeTransfer: async ({ transfer }) => handled.push(transfer),
        },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentMismatchError);
      expect(handled).toEqual([]);
      return error as PaymentMismatchError;
    } finally {
      proxy.rewrite = undefined;
      proxy.rewriteAnswer = undefined;
    }
  }
  const psbtOf = (q: Json) => itemOf(q, "deposit");

  test("the Bitcoin depository taken from GET /chains", async () => {
    const attackerScript = toOutputScript({ address: attackerBitcoin });
    await expectNothingHandled(
      btcIntent(),
      (q) => {
        q.protocol.v2.paymentDetails.depository = attackerBitcoin;
        psbtOf(q).psbt = rebuildPsbt(psbtOf(q).psbt, (outputs) =>
          outputs.map((output, i) => (i === 0 ? { ...output, script: attackerScript } : output)),
        );
        return q;
      },
      chainsRewrite(bitcoin.chainId, (chain) => {
        chain.protocol.v2.depository = attackerBitcoin;
      }),
    );
  });

  test("an OP_RETURN that binds the payment to another order", async () => {
    const other = hex.decode(keccak256(toHex("the attacker's own request")).slice(2));
    const error = await expectNothingHandled(btcIntent(), (q) => {
      psbtOf(q).psbt = rebuildPsbt(psbtOf(q).psbt, (outputs) =>
        outputs.map((output) =>
          output.script[0] === 0x6a ? { ...output, script: Uint8Array.of(0x6a, 0x20, ...other) } : output,
        ),
      );
      return q;
    });
    expect(error.check).toMatchObject({ reason: "order-id-mismatch" });
  });

  test("a PSBT without its change: the payer's coins burnt as fee", async () => {
    const error = await expectNothingHandled(btcIntent(), (q) => {
      const change = toOutputScript({ address: btcUser().p2wpkhAddress });
      psbtOf(q).psbt = rebuildPsbt(psbtOf(q).psbt, (outputs) =>
        outputs.filter((output) => hex.encode(output.script) !== hex.encode(change)),
      );
      return q;
    });
    expect(error.check).toMatchObject({ reason: "fee-above-limit" });
  });

  test("the exchange account taken from GET /chains", async () => {
    await expectNothingHandled(
      exchangeIntent(),
      (q) => {
        q.protocol.v2.paymentDetails.depository = attackerAccount;
        itemOf(q, "deposit").action.parameters.toAccountIndex = Number(attackerAccount);
        return q;
      },
      chainsRewrite(externalExchange.chainId, (chain) => {
        chain.protocol.v2.depository = attackerAccount;
      }),
    );
  });

  test("a memo and request id that bind the transfer to another request", async () => {
    const other = keccak256(toHex("the attacker's own request"));
    const error = await expectNothingHandled(exchangeIntent(), (q) => {
      q.requestId = other;
      for (const step of q.steps as Json[]) step.requestId = other;
      itemOf(q, "deposit").action.parameters.memo = other;
      return q;
    });
    expect(error.check).toMatchObject({ field: "data.action.parameters.memo", reason: "order-id-mismatch" });
  });

  test("an exchange transfer fee without bound", async () => {
    const error = await expectNothingHandled(exchangeIntent(), (q) => {
      itemOf(q, "deposit").action.parameters.usdcFee = 19_000_000;
      return q;
    });
    expect(error.check).toMatchObject({ reason: "fee-above-limit" });
  });
});

describe("totals: one payment, not one per item", () => {
  test("a deposit repeated in the same step", async () => {
    const error = await expectRefused(7, nativeIntent(7), (q) => {
      const step = (q.steps as Json[])[0] as Json;
      step.items.push(structuredClone(step.items[0]));
      return q;
    });
    expect(error.check).toMatchObject({ name: "total", reason: "paid-twice" });
  });

  test("a deposit repeated in a second step", async () => {
    const error = await expectRefused(8, nativeIntent(8), (q) => {
      q.steps = [...(q.steps as Json[]), structuredClone((q.steps as Json[])[0])];
      return q;
    });
    expect(error.check).toMatchObject({ name: "total", reason: "paid-twice" });
  });

  test("approve and deposit, twice", async () => {
    const error = await expectRefused(9, tokenIntent(9), (q) => {
      const steps = q.steps as Json[];
      const approve = steps.find((step) => step.id === "approve");
      const deposit = steps.find((step) => step.id === "deposit") as Json;
      const token = origin().contracts.token;
      const approval = approve ?? {
        ...deposit,
        id: "approve",
        items: [
          {
            status: "incomplete",
            data: {
              to: token,
              chainId: origin().chainId,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "approve",
                args: [devnet().trustRoot.chains[0]?.depository as Address, 5_000_000n],
              }),
            },
          },
        ],
      };
      q.steps = [approval, deposit, structuredClone(approval), structuredClone(deposit)];
      return q;
    });
    expect(error.check).toMatchObject({ name: "total", reason: "paid-twice" });
  });
});

describe("costs the service sets", () => {
  test("the quote's gas prices are never handed to the wallet", async () => {
    proxy.rewrite = (q) => {
      const data = itemOf(q, "deposit");
      data.maxFeePerGas = parseGwei("5000").toString();
      data.maxPriorityFeePerGas = parseGwei("5000").toString();
      return q;
    };
    const quote = await client().getQuote(nativeIntent(0));
    proxy.rewrite = undefined;
    const wallet = createWalletClient({
      account: account(0),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const result = await executeSteps(client(), { quote, wallet, checkIntervalMs: 20 });
    const paid = result.transactions[0]?.receipt.effectiveGasPrice ?? 0n;
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThan(parseGwei("5000"));
  });

  test("a deposit's calldata with a dirty argument is not read as the order's", async () => {
    await expectRefused(1, nativeIntent(1), (q) => {
      const data = itemOf(q, "deposit");
      const { args } = decodeFunctionData({ abi: paymentAbi, data: data.data as Hex });
      const encoded = encodeFunctionData({
        abi: paymentAbi,
        functionName: "depositNative",
        args: args as [Address, Hex],
      });
      // The depositor word with a high byte set: Solidity would revert, a lenient decoder would not see it.
      data.data = `${encoded.slice(0, 10)}ff${encoded.slice(12)}`;
      return q;
    });
  });
});

// A hostile service: a proxy in front of the devnet rewrites each quote answer, and the client, with
// its payment guard on by default, must refuse every rewrite before anything is sent or signed (the
// payer's nonce and balances unchanged, nothing indexed, posted, signed or submitted), while the
// untampered quotes of every route still pay. Routes: native and ERC-20 deposits, an ERC-20 permit,
// a deposit address, Bitcoin and the exchange as origins, Bitcoin and the exchange as destinations.
import { hex } from "@scure/base";
import { Transaction } from "@scure/btc-signer";
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  toHex,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bitcoin } from "../../packages/attestkit/src/chains/bitcoin/constants.js";
import { toOutputScript } from "../../packages/attestkit/src/chains/bitcoin/toOutputScript.js";
import { externalExchange } from "../../packages/attestkit/src/chains/exchange/constants.js";
import { runCli } from "../../packages/attestkit/src/cli/createProgram.js";
import { executeSteps } from "../../packages/attestkit/src/client/actions/executeSteps.js";
import { createClient } from "../../packages/attestkit/src/client/createClient.js";
import { PaymentMismatchError } from "../../packages/attestkit/src/client/errors/payment.js";
import { paymentAbi } from "../../packages/attestkit/src/client/payment/paymentAbi.js";
import type { PaymentCheck } from "../../packages/attestkit/src/client/payment/types.js";
import { hashOrder } from "../../packages/attestkit/src/orders/hashOrder.js";
import { toOrderChains } from "../../packages/attestkit/src/orders/toOrderChains.js";
import type { OrderChains, OrderData } from "../../packages/attestkit/src/orders/types.js";
import type { QuoteRequest } from "../../packages/attestkit/src/schemas/index.js";
import { finalizePsbt } from "../../packages/devnet/src/bitcoin/finalizePsbt.js";
import { signPsbt } from "../../packages/devnet/src/bitcoin/signPsbt.js";
import { devnetSolverPrivateKey } from "../../packages/devnet/src/constants.js";
import { captureIo } from "../support/captureIo.js";
import { useDevnet } from "../support/devnetHarness.js";
import { type HostileProxy, startHostileProxy } from "../support/hostileProxy.js";

const { devnet, origin, destination, account, reader } = useDevnet({ bitcoinBlockTimeMs: 0 });

let proxy: HostileProxy;
let chains: OrderChains;
beforeAll(async () => {
  proxy = await startHostileProxy(devnet().url);
  chains = toOrderChains({ chains: await (await fetch(`${devnet().url}/chains`)).json() });
});
afterAll(() => proxy?.close());

const attacker: Address = getAddress("0xbad0000000000000000000000000000000000bad");
const attackerBitcoin = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
/** The devnet solver's key is a public test key: with it, the proxy plays a service that signs what it likes. */
const solverKey = privateKeyToAccount(devnetSolverPrivateKey);
const client = () =>
  createClient({
    network: { baseUrl: proxy.url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });

// biome-ignore lint/suspicious/noExplicitAny: quote bodies are rewritten freely, at any depth
type Json = Record<string, any>;
/** A rewrite that changes the quote in place. */
const edit = (change: (quote: Json) => void) => (quote: Json) => {
  change(quote);
  return quote;
};
const v2 = (quote: Json) => quote.protocol.v2 as Json;
const itemOf = (quote: Json, stepId: string, index = 0) =>
  (quote.steps as Json[]).find((step) => step.id === stepId)?.items[index].data as Json;

/** Rewrites the deposit calldata's arguments (native or ERC-20) with `change`. */
function rewriteDeposit(quote: Json, change: (args: readonly unknown[], name: string) => unknown[]) {
  const data = itemOf(quote, "deposit");
  const call = decodeFunctionData({ abi: paymentAbi, data: data.data as Hex });
  data.data = encodeFunctionData({
    abi: paymentAbi,
    functionName: call.functionName,
    args: change(call.args as readonly unknown[], call.functionName),
  } as never);
}

/**
 * Gives the changed order its recomputed id, in `protocol.v2` and wherever an item names it (the
 * deposit's id, a permit's nonce), and signs it with `signer` (or keeps the old signature).
 */
async function reissue(quote: Json, signer: "solver" | "keep" = "keep") {
  const order = v2(quote);
  const orderId = hashOrder({ orderData: order.orderData as OrderData, chains });
  const old = (order.orderId as string).toLowerCase();
  order.orderId = orderId;
  const text = JSON.stringify(quote.steps).replaceAll(old.slice(2), orderId.slice(2));
  quote.steps = JSON.parse(text);
  if (signer === "solver") order.orderSignature = await solverKey.signMessage({ message: { raw: orderId } });
  return quote;
}

/** What the payer has on the origin chain: nonce, native and token balances. */
async function holdings(address: Address) {
  const chain = reader(origin());
  const [nonce, native, token] = await Promise.all([
    chain.getTransactionCount({ address }),
    chain.getBalance({ address }),
    chain.readContract({
      address: origin().contracts.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    }),
  ]);
  return { nonce, native, token };
}

const evmIntent = (index: number, route: "native" | "erc20" | "permit" | "depositAddress"): QuoteRequest => ({
  user: account(index).address,
  originChainId: origin().chainId,
  destinationChainId: destination().chainId,
  originCurrency: route === "native" || route === "depositAddress" ? zeroAddress : origin().contracts.token,
  destinationCurrency:
    route === "native" || route === "depositAddress" ? zeroAddress : destination().contracts.token,
  amount: route === "native" || route === "depositAddress" ? "10000000000000000" : "5000000",
  tradeType: "EXACT_INPUT",
  ...(route === "permit" ? { usePermit: true } : {}),
  ...(route === "depositAddress" ? { useDepositAddress: true, refundTo: account(index).address } : {}),
});

type EvmCase = {
  name: string;
  route: "native" | "erc20" | "permit" | "depositAddress";
  rewrite: (quote: Json) => Json | Promise<Json>;
  /** The first failed check. */
  refused: Partial<PaymentCheck>;
};

const evmCases: EvmCase[] = [
  {
    name: "the deposit sent to an unknown address",
    route: "native",
    rewrite: edit((q) => {
      itemOf(q, "deposit").to = attacker;
    }),
    refused: {
      name: "item",
      reason: "undecoded-item",
      item: { stepId: "deposit", stepIndex: 0, itemIndex: 0 },
    },
  },
  {
    name: "one wei more than the order",
    route: "native",
    rewrite: (q) => {
      const data = itemOf(q, "deposit");
      data.value = (BigInt(data.value) + 1n).toString();
      return q;
    },
    refused: { name: "item", field: "data.value", reason: "amount-mismatch" },
  },
  {
    name: "a deposit under another order id",
    route: "native",
    rewrite: edit((q) => {
      rewriteDeposit(q, ([depositor]) => [depositor, keccak256(toHex("another order"))]);
    }),
    refused: { name: "item", field: "data.data.id", reason: "order-id-mismatch" },
  },
  {
    name: "another depositor credited",
    route: "native",
    rewrite: edit((q) => {
      rewriteDeposit(q, ([, id]) => [attacker, id]);
    }),
    refused: { name: "item", field: "data.data.depositor", reason: "depositor-mismatch" },
  },
  {
    name: "the order's recipient changed, its id not recomputed",
    route: "native",
    rewrite: edit((q) => {
      v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
    }),
    refused: { name: "orderId", reason: "orderId-mismatch" },
  },
  {
    name: "the order's recipient changed and its id recomputed (the deposit follows)",
    route: "native",
    rewrite: (q) => {
      v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
      return reissue(q);
    },
    refused: { name: "signer", reason: "signer-not-allowed" },
  },
  {
    name: "the order's recipient changed and signed again by the service's own solver key",
    route: "native",
    rewrite: (q) => {
      v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
      return reissue(q, "solver");
    },
    refused: { name: "recipient", reason: "recipient-mismatch" },
  },
  {
    name: "the order's signature removed",
    route: "native",
    rewrite: edit((q) => {
      delete v2(q).orderSignature;
    }),
    refused: { name: "signature", reason: "missing-signature" },
  },
  {
    name: "twice the amount, consistently everywhere and signed",
    route: "native",
    rewrite: (q) => {
      const order = v2(q);
      const doubled = (BigInt(order.orderData.inputs[0].payment.amount) * 2n).toString();
      order.orderData.inputs[0].payment.amount = doubled;
      order.paymentDetails.amount = doubled;
      itemOf(q, "deposit").value = doubled;
      return reissue(q, "solver");
    },
    refused: { name: "amount", reason: "amount-mismatch" },
  },
  {
    name: "the signed minimum output cut to 1 wei",
    route: "native",
    rewrite: (q) => {
      v2(q).orderData.output.payments[0].minimumAmount = "1";
      return reissue(q, "solver");
    },
    refused: { name: "minimumOutput", reason: "minimum-below-slippage" },
  },
  {
    name: "99% of the input as a fee to an unknown address",
    route: "native",
    rewrite: (q) => {
      const order = v2(q).orderData;
      order.fees = [
        {
          recipientChainId: order.inputs[0].payment.chainId,
          recipient: attacker.toLowerCase(),
          currencyChainId: order.inputs[0].payment.chainId,
          currency: zeroAddress,
          amount: ((BigInt(order.inputs[0].payment.amount) * 99n) / 100n).toString(),
        },
      ];
      return reissue(q, "solver");
    },
    refused: { name: "fees", reason: "unknown-fee-recipient" },
  },
  {
    name: "the refund leg paying a third party",
    route: "native",
    rewrite: (q) => {
      v2(q).orderData.inputs[0].refunds[0].recipient = attacker.toLowerCase();
      return reissue(q, "solver");
    },
    refused: { name: "refundTo", reason: "refund-recipient-mismatch" },
  },
  {
    name: "an order that can no longer be filled",
    route: "native",
    rewrite: (q) => {
      v2(q).orderData.output.deadline = 1_000_000;
      return reissue(q, "solver");
    },
    refused: { name: "deadline", reason: "order-expired" },
  },
  {
    name: "the order's destination chain swapped",
    route: "native",
    rewrite: (q) => {
      const order = v2(q).orderData;
      order.output.chainId = order.inputs[0].payment.chainId;
      return reissue(q, "solver");
    },
    refused: { name: "destinationChain", reason: "chain-mismatch" },
  },
  {
    name: "another depository named in paymentDetails and paid",
    route: "native",
    rewrite: (q) => {
      v2(q).paymentDetails.depository = attacker.toLowerCase();
      itemOf(q, "deposit").to = attacker;
      return q;
    },
    refused: { name: "depository", reason: "depository-mismatch" },
  },
  {
    name: "a second item sending ETH to the service",
    route: "native",
    rewrite: (q) => {
      const deposit = (q.steps as Json[])[0] as Json;
      deposit.items.push({
        status: "incomplete",
        data: { ...deposit.items[0].data, to: attacker, data: "0x", value: "1000" },
      });
      return q;
    },
    refused: {
      name: "item",
      reason: "undecoded-item",
      item: { stepId: "deposit", stepIndex: 0, itemIndex: 1 },
    },
  },
  {
    name: "an approval to an unknown spender",
    route: "erc20",
    rewrite: (q) => {
      const data = itemOf(q, "approve");
      data.data = encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [attacker, 5_000_000n],
      });
      return q;
    },
    refused: { name: "item", field: "data.data.spender", reason: "spender-not-trusted" },
  },
  {
    name: "an unlimited approval",
    route: "erc20",
    rewrite: (q) => {
      const data = itemOf(q, "approve");
      const { args } = decodeFunctionData({ abi: erc20Abi, data: data.data as Hex });
      data.data = encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [args[0] as Address, maxUint256],
      });
      return q;
    },
    refused: { name: "item", field: "data.data.amount", reason: "allowance-above-amount" },
  },
  {
    name: "one unit more in the ERC-20 deposit",
    route: "erc20",
    rewrite: edit((q) => {
      rewriteDeposit(q, ([a, t, amount, id]) => [a, t, (amount as bigint) + 1n, id]);
    }),
    refused: { name: "item", field: "data.data.amount", reason: "amount-mismatch" },
  },
  {
    name: "another token in the ERC-20 deposit",
    route: "erc20",
    rewrite: edit((q) => {
      rewriteDeposit(q, ([a, , amount, id]) => [a, attacker, amount, id]);
    }),
    refused: { name: "item", field: "data.data.token", reason: "currency-mismatch" },
  },
  {
    name: "an ERC-20 order paying another recipient, signed by the service's key",
    route: "erc20",
    rewrite: (q) => {
      v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
      return reissue(q, "solver");
    },
    refused: { name: "recipient", reason: "recipient-mismatch" },
  },
  {
    name: "an ERC-20 order without its signature",
    route: "erc20",
    rewrite: edit((q) => {
      delete v2(q).orderSignature;
    }),
    refused: { name: "signature", reason: "missing-signature" },
  },
  {
    name: "a permit paying the service instead of the solver",
    route: "permit",
    rewrite: edit((q) => {
      itemOf(q, "authorize").sign.value.to = attacker;
    }),
    refused: { name: "item", field: "data.sign.value.to", reason: "unknown-payee" },
  },
  {
    name: "a permit for one unit more",
    route: "permit",
    rewrite: (q) => {
      const value = itemOf(q, "authorize").sign.value;
      value.value = (BigInt(value.value) + 1n).toString();
      return q;
    },
    refused: { name: "item", field: "data.sign.value.value", reason: "amount-mismatch" },
  },
  {
    name: "a permit with another nonce",
    route: "permit",
    rewrite: edit((q) => {
      itemOf(q, "authorize").sign.value.nonce = keccak256(toHex("replayable"));
    }),
    refused: { name: "item", field: "data.sign.value.nonce", reason: "order-id-mismatch" },
  },
  {
    name: "a permit of another token",
    route: "permit",
    rewrite: edit((q) => {
      itemOf(q, "authorize").sign.domain.verifyingContract = attacker;
    }),
    refused: { name: "item", field: "data.sign.domain.verifyingContract", reason: "currency-mismatch" },
  },
  {
    name: "a permit whose types are not EIP-3009's",
    route: "permit",
    rewrite: (q) => {
      itemOf(q, "authorize").sign.types.ReceiveWithAuthorization.push({ name: "extra", type: "uint256" });
      return q;
    },
    refused: { name: "item", reason: "nonstandard-types" },
  },
  {
    name: "a deposit-address transfer sent elsewhere",
    route: "depositAddress",
    rewrite: edit((q) => {
      itemOf(q, "deposit").to = attacker;
    }),
    refused: { name: "item", reason: "undecoded-item" },
  },
  {
    name: "a deposit-address transfer of one wei more",
    route: "depositAddress",
    rewrite: (q) => {
      const data = itemOf(q, "deposit");
      data.value = (BigInt(data.value) + 1n).toString();
      return q;
    },
    refused: { name: "item", field: "data.value", reason: "amount-mismatch" },
  },
];

describe("EVM origins: every rewrite is refused with nothing sent", () => {
  test.each(evmCases.map((c, i) => ({ ...c, index: 1 + (i % 5) })))(
    "$route: $name",
    async ({ route, rewrite, refused, index }) => {
      const intent = evmIntent(index, route);
      const payer = account(index).address;
      proxy.rewrite = rewrite;
      const quote = await client().getQuote(intent);
      proxy.rewrite = undefined;
      const before = await holdings(payer);
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
      expect((error as PaymentMismatchError).check).toMatchObject({ ok: false, ...refused });
      // Nothing was sent, signed, indexed or posted.
      expect(await holdings(payer)).toEqual(before);
      expect(proxy.requests.slice(seen).filter((r) => !r.startsWith("GET "))).toEqual([]);
    },
  );
});

describe("the untampered quotes of every EVM route pay", () => {
  test.each(["native", "erc20", "permit", "depositAddress"] as const)("%s", async (route) => {
    const index = { native: 6, erc20: 7, permit: 8, depositAddress: 9 }[route];
    const quote = await client().getQuote(evmIntent(index, route));
    const wallet = createWalletClient({
      account: account(index),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const events: string[] = [];
    const result = await executeSteps(client(), {
      quote,
      wallet,
      checkIntervalMs: 20,
      onProgress: (event) => events.push(event.type),
    });
    expect(events[0]).toBe("payment:verified");
    expect(result.transactions.length + result.signatures.length).toBeGreaterThan(0);
  });
});

describe("Bitcoin origin: the PSBT is checked before the wallet sees it", () => {
  const user = () => devnet().info.bitcoin.testWallets[4] as { p2wpkhAddress: string; privateKey: string };
  const intent = (): QuoteRequest => ({
    user: user().p2wpkhAddress,
    recipient: account(2).address,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
  });
  /** Rewrites output 0 of the deposit PSBT (the payment to the depository). */
  const rewriteOutput =
    (change: (output: { amount: bigint; script: Uint8Array }) => { amount: bigint; script: Uint8Array }) =>
    (q: Json) => {
      const data = itemOf(q, "deposit");
      const tx = Transaction.fromPSBT(hex.decode(data.psbt), { allowUnknownOutputs: true });
      const output = tx.getOutput(0) as { amount: bigint; script: Uint8Array };
      tx.updateOutput(0, change(output));
      data.psbt = hex.encode(tx.toPSBT());
      return q;
    };
  const cases: {
    name: string;
    rewrite: (q: Json) => Json | Promise<Json>;
    refused: Partial<PaymentCheck>;
  }[] = [
    {
      name: "a PSBT paying the service's own address",
      rewrite: rewriteOutput(({ amount }) => ({
        amount,
        script: toOutputScript({ address: attackerBitcoin }),
      })),
      refused: { name: "item", reason: "unknown-payee" },
    },
    {
      name: "a PSBT paying the depository one satoshi more",
      rewrite: rewriteOutput(({ amount, script }) => ({ amount: amount + 1n, script })),
      refused: { name: "item", reason: "amount-mismatch" },
    },
    {
      name: "the order's signature removed",
      rewrite: edit((q) => {
        delete v2(q).orderSignature;
      }),
      refused: { name: "signature", reason: "missing-signature" },
    },
    {
      name: "the order's recipient changed, signed by the service's key",
      rewrite: (q) => {
        v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
        return reissue(q, "solver");
      },
      refused: { name: "recipient", reason: "recipient-mismatch" },
    },
  ];
  test.each(cases)("$name", async ({ rewrite, refused }) => {
    proxy.rewrite = rewrite;
    const quote = await client().getQuote(intent());
    proxy.rewrite = undefined;
    const signed: string[] = [];
    const wallet = createWalletClient({
      account: account(2),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), {
      quote,
      wallet,
      handlers: {
        signPsbt: async ({ psbt }) => {
          signed.push(psbt);
          return undefined;
        },
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentMismatchError);
    expect((error as PaymentMismatchError).check).toMatchObject({ ok: false, ...refused });
    expect(signed).toEqual([]);
  });
  test("the untampered PSBT is signed, broadcast and the request is pending", async () => {
    const quote = await client().getQuote(intent());
    const wallet = createWalletClient({
      account: account(2),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    let txid: string | undefined;
    await executeSteps(client(), {
      quote,
      wallet,
      checkIntervalMs: 20,
      handlers: {
        signPsbt: async ({ psbt }) => {
          const { transaction } = finalizePsbt({
            psbt: signPsbt({ psbt, privateKey: user().privateKey }).psbt,
          });
          const response = await fetch(`${devnet().info.bitcoin.esploraUrl}/tx`, {
            method: "POST",
            body: transaction,
          });
          txid = await response.text();
          return { txHash: txid };
        },
      },
    });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("exchange origin: the transfer is checked before it is submitted", () => {
  const user = () => devnet().info.exchange.testAccounts[2] as { accountIndex: number; apiKey: string };
  const intent = (): QuoteRequest => ({
    user: String(user().accountIndex),
    recipient: account(3).address,
    originChainId: externalExchange.chainId,
    destinationChainId: destination().chainId,
    originCurrency: externalExchange.currency,
    destinationCurrency: destination().contracts.token,
    amount: "20000000",
    tradeType: "EXACT_INPUT",
  });
  const parameters = (q: Json) => itemOf(q, "deposit").action.parameters as Json;
  const cases: {
    name: string;
    rewrite: (q: Json) => Json | Promise<Json>;
    refused: RegExp | Partial<PaymentCheck>;
  }[] = [
    {
      name: "a transfer to another account",
      rewrite: edit((q) => {
        parameters(q).toAccountIndex = 4242;
      }),
      refused: { name: "item", field: "data.action.parameters.toAccountIndex", reason: "payee-mismatch" },
    },
    {
      name: "a transfer of one unit more",
      rewrite: edit((q) => {
        parameters(q).amount = Number(parameters(q).amount) + 1;
      }),
      refused: { name: "item", field: "data.action.parameters.amount", reason: "amount-mismatch" },
    },
    {
      name: "a transfer whose memo names another request",
      rewrite: edit((q) => {
        parameters(q).memo = keccak256(toHex("another request"));
      }),
      refused: /memo/,
    },
    {
      name: "the order's recipient changed, signed by the service's key",
      rewrite: (q) => {
        v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
        return reissue(q, "solver");
      },
      refused: { name: "recipient", reason: "recipient-mismatch" },
    },
  ];
  test.each(cases)("$name", async ({ rewrite, refused }) => {
    proxy.rewrite = rewrite;
    const quote = await client().getQuote(intent());
    proxy.rewrite = undefined;
    const balance = devnet().exchange.balance({ accountIndex: user().accountIndex, assetIndex: 0 });
    const submitted: unknown[] = [];
    const wallet = createWalletClient({
      account: account(3),
      transport: http(destination().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), {
      quote,
      wallet,
      handlers: { submitExchangeTransfer: async ({ transfer }) => submitted.push(transfer) },
    }).catch((e: unknown) => e);
    if (refused instanceof RegExp) expect(String(error)).toMatch(refused);
    else {
      expect(error).toBeInstanceOf(PaymentMismatchError);
      expect((error as PaymentMismatchError).check).toMatchObject({ ok: false, ...refused });
    }
    expect(submitted).toEqual([]);
    expect(devnet().exchange.balance({ accountIndex: user().accountIndex, assetIndex: 0 })).toBe(balance);
  });
});

describe("Bitcoin and exchange destinations: the recipient the order signs is the one asked for", () => {
  test.each([
    {
      to: "Bitcoin",
      chainId: bitcoin.chainId,
      currency: bitcoin.nativeCurrency,
      recipient: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      forged: attackerBitcoin,
    },
    {
      to: "the exchange",
      chainId: externalExchange.chainId,
      currency: externalExchange.currency,
      recipient: "1005",
      forged: "8",
    },
  ])("to $to", async ({ chainId, currency, recipient, forged }) => {
    const intent: QuoteRequest = {
      user: account(0).address,
      recipient,
      originChainId: origin().chainId,
      destinationChainId: chainId,
      originCurrency: zeroAddress,
      destinationCurrency: currency,
      amount: "100000000000000000",
      tradeType: "EXACT_INPUT",
    };
    proxy.rewrite = (q) => {
      v2(q).orderData.output.payments[0].recipient = forged;
      return reissue(q, "solver");
    };
    const quote = await client().getQuote(intent);
    proxy.rewrite = undefined;
    const before = await holdings(account(0).address);
    const wallet = createWalletClient({
      account: account(0),
      transport: http(origin().rpcUrl),
      pollingInterval: 50,
    });
    const error = await executeSteps(client(), { quote, wallet }).catch((e: unknown) => e);
    expect((error as PaymentMismatchError).check).toMatchObject({
      name: "recipient",
      reason: "recipient-mismatch",
    });
    expect(await holdings(account(0).address)).toEqual(before);
    // The same route, untampered, passes the guard and pays.
    const fair = await client().getQuote(intent);
    const paid = await executeSteps(client(), { quote: fair, wallet, checkIntervalMs: 20 });
    expect(paid.transactions).toHaveLength(1);
  });
});

describe("attestkit execute", () => {
  test("refuses a rewritten quote (exit 1), prints the failed check and sends nothing", async () => {
    const index = 5;
    const payer = account(index).address;
    proxy.rewrite = (q) => {
      const data = itemOf(q, "deposit");
      data.value = (BigInt(data.value) + 1n).toString();
      return q;
    };
    const before = await holdings(payer);
    const io = captureIo();
    const key = (devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey;
    const code = await runCli(
      [
        "--api",
        proxy.url,
        "execute",
        "--trust-devnet",
        "--origin-chain-id",
        String(origin().chainId),
        "--destination-chain-id",
        String(destination().chainId),
        "--origin-currency",
        zeroAddress,
        "--destination-currency",
        zeroAddress,
        "--amount",
        "10000000000000000",
        "--private-key",
        key,
      ],
      io,
    );
    proxy.rewrite = undefined;
    expect(code).toBe(1);
    const out = io.stdout.join("\n");
    expect(out).toContain("payment guard REFUSED");
    expect(out).toMatch(
      /check {8}deposit\[0\] +FAIL amount-mismatch at data\.value: expected 10000000000000000, got 10000000000000001/,
    );
    expect(io.stderr.join("\n")).toContain("Nothing was sent.");
    expect(await holdings(payer)).toEqual(before);
  });

  test("a service naming its own solver in GET /devnet/info: --trust-devnet trusts the devnet's public key only", async () => {
    const index = 4;
    const impostor = privateKeyToAccount(keccak256(toHex("an impostor solver")));
    proxy.rewriteAnswer = ({ path }, body) =>
      path.startsWith("/devnet/info") ? { ...(body as Json), solver: { address: impostor.address } } : body;
    proxy.rewrite = async (q) => {
      v2(q).orderData.output.payments[0].recipient = attacker.toLowerCase();
      v2(q).orderData.solver = impostor.address.toLowerCase();
      await reissue(q);
      v2(q).orderSignature = await impostor.signMessage({ message: { raw: v2(q).orderId } });
      return q;
    };
    const payer = account(index).address;
    const before = await holdings(payer);
    const io = captureIo();
    const key = (devnet().info.testAccounts[index] as { privateKey: Hex }).privateKey;
    const code = await runCli(
      ["--api", proxy.url, "execute", "--trust-devnet", "--origin-chain-id", String(origin().chainId)]
        .concat(["--destination-chain-id", String(destination().chainId), "--origin-currency", zeroAddress])
        .concat([
          "--destination-currency",
          zeroAddress,
          "--amount",
          "10000000000000000",
          "--private-key",
          key,
        ]),
      io,
    );
    proxy.rewrite = undefined;
    proxy.rewriteAnswer = undefined;
    expect(code).toBe(1);
    expect(io.stdout.join("\n")).toContain(`solvers ${devnet().info.solver.address}`);
    expect(io.stdout.join("\n")).toMatch(/signer +FAIL signer-not-allowed/);
    expect(await holdings(payer)).toEqual(before);
  });
});

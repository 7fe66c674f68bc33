// EVM -> BTC and EVM -> exchange through the client: an EVM deposit step (the depository, under the
// request id); the solver pays a bech32 recipient with a real Bitcoin transaction (success at its
// first confirmation), or credits the recipient's account index on the exchange ledger.
import { createWalletClient, type Hex, http, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { pollUntil } from "../../../test/support/pollUntil.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { toOutputScript } from "../../attestkit/src/chains/bitcoin/toOutputScript.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { createClient } from "../../attestkit/src/client/createClient.js";
import { deriveBitcoinWallet } from "../src/bitcoin/deriveBitcoinWallet.js";
import { readRequestBinding } from "../src/bitcoin/requestBinding.js";
import type { Devnet } from "../src/createDevnet.js";

const { devnet } = useDevnet({ bitcoinBlockTimeMs: 0 });

async function statusOf(requestId: string) {
  const response = await fetch(`${devnet().url}/intents/status/v3?requestId=${requestId}`);
  return (await response.json()) as { status: string; txHashes?: string[] };
}

async function postQuote(body: Record<string, unknown>) {
  const response = await fetch(`${devnet().url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    errorCode: ((await response.json()) as { errorCode?: string }).errorCode,
  };
}

const origin = () => devnet().info.chains[0] as Devnet["info"]["chains"][number];

function setup(accountIndex: number) {
  const client = createClient({
    network: { baseUrl: devnet().url },
    solvers: [devnet().info.solver.address],
    trustRoot: devnet().trustRoot,
  });
  const account = privateKeyToAccount(devnet().info.testAccounts[accountIndex]?.privateKey as Hex);
  const wallet = createWalletClient({ account, transport: http(origin().rpcUrl), pollingInterval: 50 });
  return { client, account, wallet };
}

test("EVM -> BTC: the solver pays the bech32 recipient with a real transaction, success at 1 confirmation", async () => {
  const { client, account, wallet } = setup(6);
  // A fresh taproot recipient: its balance is exactly what the solver pays.
  const recipient = deriveBitcoinWallet({ privateKey: "02".repeat(32) }).p2trAddress;
  const quote = await client.getQuote({
    user: account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: bitcoin.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: bitcoin.nativeCurrency,
    amount: parseEther("1").toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps[0]?.requestId as Hex;
  const expected = BigInt(quote.details?.currencyOut?.amount as string);
  // $3,000 of ETH less fees at $100,000 per BTC: about 0.03 BTC.
  expect(expected).toBeGreaterThan(2_900_000n);
  expect(expected).toBeLessThan(3_000_000n);

  const execution = executeSteps(client, { quote, wallet, checkIntervalMs: 20 });
  // No Bitcoin block yet: the payout is sent (submitted), not final.
  const status = await pollUntil(
    "the payout sent",
    async () => {
      const read = await statusOf(requestId);
      return read.status === "submitted" ? read : undefined;
    },
    { intervalMs: 20 },
  );
  const payout = status.txHashes?.[0] as string;
  const record = devnet().bitcoin.getTransaction(payout);
  expect(record?.status.confirmed).toBe(false);
  // Real outputs: the recipient's script and amount, and the request id bound by OP_RETURN.
  const script = Buffer.from(toOutputScript({ address: recipient })).toString("hex");
  const paid = record?.transaction.outputs.find(
    (output) => Buffer.from(output.script).toString("hex") === script,
  );
  expect(paid?.amount).toBe(expected);
  expect(record?.transaction.outputs.map((output) => readRequestBinding(output.script))).toContain(requestId);

  devnet().bitcoin.mine();
  await execution;
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  const stats = (await (await fetch(`${devnet().info.bitcoin.esploraUrl}/address/${recipient}`)).json()) as {
    chain_stats: { funded_txo_sum: number };
  };
  expect(stats.chain_stats.funded_txo_sum).toBe(Number(expected));
});

test("EVM -> BTC refusals: a recipient that is not a Bitcoin address, another currency", async () => {
  const { client, account } = setup(7);
  const body = {
    user: account.address,
    originChainId: origin().chainId,
    destinationChainId: bitcoin.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: bitcoin.nativeCurrency,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT" as const,
  };
  // The client refuses a malformed recipient before sending; the devnet refuses it too.
  const broken = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdX";
  await expect(client.getQuote({ ...body, recipient: broken })).rejects.toThrow(/recipient/i);
  for (const recipient of [broken, "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", account.address]) {
    const { status, errorCode } = await postQuote({ ...body, recipient });
    expect({ recipient, status }).toEqual({ recipient, status: 400 });
    expect(["INVALID_RECIPIENT", "INVALID_REQUEST"]).toContain(errorCode);
  }
  // Another currency than native BTC on Bitcoin.
  const other = deriveBitcoinWallet({ privateKey: "03".repeat(32) }).p2wpkhAddress;
  const currency = await postQuote({ ...body, recipient: other, destinationCurrency: zeroAddress });
  expect(["INVALID_OUTPUT_CURRENCY", "UNSUPPORTED_CURRENCY"]).toContain(currency.errorCode);
});

test("EVM -> exchange: the solver credits the recipient's account index with memo = request id", async () => {
  const { client, account, wallet } = setup(8);
  const recipient = "1007";
  const before = devnet().exchange.balance({ accountIndex: 1007, assetIndex: 0 });
  const usdc = devnet().info.chains[0]?.contracts.token as Hex;
  const quote = await client.getQuote({
    user: account.address,
    recipient,
    originChainId: origin().chainId,
    destinationChainId: externalExchange.chainId,
    originCurrency: usdc,
    destinationCurrency: externalExchange.currency,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps.at(-1)?.requestId as Hex;
  expect(quote.steps.map((step) => step.id)).toEqual(["approve", "deposit"]);
  await executeSteps(client, { quote, wallet, checkIntervalMs: 20 });
  const final = await waitForStatus(client, { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  const credited = devnet().exchange.balance({ accountIndex: 1007, assetIndex: 0 }) - before;
  expect(credited.toString()).toBe(quote.details?.currencyOut?.amount);
  const [transfer] = devnet().exchange.getTransfersByMemo(requestId);
  expect(transfer).toMatchObject({ fromAccountIndex: 1000, toAccountIndex: 1007, amount: credited });
  expect(final.txHashes).toEqual([transfer?.hash]);

  for (const recipient of ["-1", "1.5", "99999999999999999999", account.address]) {
    const { status, errorCode } = await postQuote({
      user: account.address,
      recipient,
      originChainId: origin().chainId,
      destinationChainId: externalExchange.chainId,
      originCurrency: usdc,
      destinationCurrency: externalExchange.currency,
      amount: "25000000",
      tradeType: "EXACT_INPUT",
    });
    expect({ recipient, status }).toEqual({ recipient, status: 400 });
    expect(["INVALID_RECIPIENT", "INVALID_REQUEST"]).toContain(errorCode);
  }
});

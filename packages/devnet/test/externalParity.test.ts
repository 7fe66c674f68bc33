// Bitcoin and exchange routes at EVM parity: `POST /price` from and to both, `POST /currencies/v1`
// listing BTC and USDC (Perp) under their chain ids, quotes carrying `protocol.v2` (the exchange
// origin's depository is the relayer's account index) and `feeSponsorship`, and a second EVM payment
// for a request to the exchange refunded as DOUBLE_SPEND (Bitcoin and exchange origins: their own
// double-spend tests).

import { devnetDepositoryAbi } from "attestkit/contracts";
import { encodeFunctionData, type Hex, parseEther, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { externalExchange } from "../../attestkit/src/chains/exchange/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";

const { devnet, origin, destination, client, account, wallet, reader } = useDevnet({ bitcoinBlockTimeMs: 0 });

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${devnet().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' JSON as the wire has it
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

const btcWallet = () => devnet().info.bitcoin.testWallets[2] as { p2wpkhAddress: string };
const exchangeAccount = () => devnet().info.exchange.testAccounts[2] as { accountIndex: number };

/** A body from Bitcoin, to Bitcoin, from the exchange and to the exchange. */
const routes = () => ({
  fromBitcoin: {
    user: btcWallet().p2wpkhAddress,
    recipient: account(1).address,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: "1000000",
    tradeType: "EXACT_INPUT",
  },
  toBitcoin: {
    user: account(1).address,
    recipient: btcWallet().p2wpkhAddress,
    originChainId: origin().chainId,
    destinationChainId: bitcoin.chainId,
    originCurrency: zeroAddress,
    destinationCurrency: bitcoin.nativeCurrency,
    amount: parseEther("0.5").toString(),
    tradeType: "EXACT_INPUT",
  },
  fromExchange: {
    user: String(exchangeAccount().accountIndex),
    recipient: account(1).address,
    originChainId: externalExchange.chainId,
    destinationChainId: destination().chainId,
    originCurrency: externalExchange.currency,
    destinationCurrency: destination().contracts.token,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
  },
  toExchange: {
    user: account(1).address,
    recipient: String(exchangeAccount().accountIndex),
    originChainId: origin().chainId,
    destinationChainId: externalExchange.chainId,
    originCurrency: origin().contracts.token,
    destinationCurrency: externalExchange.currency,
    amount: "25000000",
    tradeType: "EXACT_INPUT",
  },
});

test("default: POST /price answers from and to Bitcoin and the exchange, as the quote prices them", async () => {
  for (const [name, body] of Object.entries(routes())) {
    const price = await client().getPrice(body as Parameters<ReturnType<typeof client>["getPrice"]>[0]);
    const quote = await post("/quote/v2", body);
    expect({ name, status: quote.status }).toEqual({ name, status: 200 });
    expect({ name, in: price.details?.currencyIn?.currency?.chainId }).toEqual({
      name,
      in: body.originChainId,
    });
    expect({ name, out: price.details?.currencyOut?.currency?.chainId }).toEqual({
      name,
      out: body.destinationChainId,
    });
    // The same fee model: the price's amounts are the quote's.
    expect({ name, out: price.details?.currencyOut?.amount }).toEqual({
      name,
      out: quote.body.details.currencyOut.amount,
    });
  }
});

test("a price is indicative: a Bitcoin user without funds is priced (the quote is refused)", async () => {
  const body = { ...routes().fromBitcoin, user: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" };
  const price = await post("/price", body);
  expect(price.status).toBe(200);
  expect(price.body.details.userBalance).toBe("0");
  const quote = await post("/quote/v2", body);
  expect(quote).toMatchObject({ status: 400, body: { errorCode: "INSUFFICIENT_FUNDS" } });
});

test("POST /currencies/v1 lists BTC and USDC (Perp) under their chain ids and VM types", async () => {
  const groups = await client().getCurrencies({ chainIds: [bitcoin.chainId, externalExchange.chainId] });
  expect(
    groups.flat().map(({ chainId, address, symbol, decimals, vmType }) => ({
      chainId,
      address,
      symbol,
      decimals,
      vmType,
    })),
  ).toEqual([
    { chainId: 8253038, address: bitcoin.nativeCurrency, symbol: "BTC", decimals: 8, vmType: "bvm" },
    { chainId: 3586256, address: "0", symbol: "USDC (Perp)", decimals: 6, vmType: "lvm" },
  ]);
  // By token and by group: the exchange's USDC is in the USDC group with the EVM chains' USDC.
  const [byToken] = await client().getCurrencies({ tokens: [`${externalExchange.chainId}:0`] });
  expect(byToken?.map((c) => c.symbol)).toEqual(["USDC (Perp)"]);
  const [usdc] = await client().getCurrencies({ currencyId: "usdc" });
  expect(usdc?.map((c) => c.chainId)).toEqual([
    origin().chainId,
    destination().chainId,
    externalExchange.chainId,
  ]);
  const [btc] = await client().getCurrencies({ term: "bitcoin" });
  expect(btc?.map((c) => [c.chainId, c.metadata?.isNative])).toEqual([[bitcoin.chainId, true]]);
});

test("quotes of every external route carry protocol.v2 and feeSponsorship; the exchange's depository is an account index", async () => {
  const { fromBitcoin, toBitcoin, fromExchange, toExchange } = routes();
  const answers = {
    fromBitcoin: await post("/quote/v2", fromBitcoin),
    toBitcoin: await post("/quote/v2", toBitcoin),
    fromExchange: await post("/quote/v2", fromExchange),
    toExchange: await post("/quote/v2", toExchange),
  };
  for (const [name, { status, body }] of Object.entries(answers)) {
    expect({ name, status }).toEqual({ name, status: 200 });
    expect(body.protocol.v2.orderId).toMatch(/^0x[0-9a-f]{64}$/);
    // Nothing sponsored: the user pays every fee.
    expect(body.feeSponsorship.quoted).toMatchObject({ selectedComponents: [], capHit: false });
    expect(body.feeSponsorship.quoted.sponsoredTotal.amount).toBe("0");
    expect(body.feeSponsorship.quoted.userPaysTotal.amount).toBe(
      String(BigInt(body.fees.relayerService.amount) + BigInt(body.fees.relayerGas.amount)),
    );
  }
  expect(answers.fromExchange.body.protocol.v2.paymentDetails).toEqual({
    chainId: "devnet-exchange",
    depository: String(devnet().info.exchange.relayerAccountIndex),
    currency: "0",
    amount: fromExchange.amount,
  });
  expect(answers.fromBitcoin.body.protocol.v2.paymentDetails).toMatchObject({
    chainId: "devnet-bitcoin",
    depository: devnet().info.bitcoin.solver.address,
  });
  expect(answers.toExchange.body.protocol.v2.paymentDetails.depository).toBe(
    origin().contracts.depository.toLowerCase(),
  );
});

test("from the exchange, sponsorship is priced (the sponsor pays on the EVM destination); app fees are priced on every external route", async () => {
  // What the priced extras do end to end: packages/devnet/test/externalRouteExtras.test.ts.
  const body = {
    ...routes().fromExchange,
    subsidizeFees: true,
    appFees: [{ recipient: account(2).address, fee: "50" }],
    topupGas: false,
  };
  const quote = await post("/quote/v2", body);
  expect(quote.status).toBe(200);
  expect(quote.body.details).not.toHaveProperty("devnetNotSimulated");
  expect(BigInt(quote.body.feeSponsorship.quoted.sponsoredTotal.amount)).toBeGreaterThan(0n);
  expect(quote.body.feeSponsorship.actual.sponsorPayment.chainId).toBe(body.destinationChainId);
  expect(BigInt(quote.body.fees.app.amount)).toBeGreaterThan(0n);
  const price = await post("/price", { ...routes().toBitcoin, appFees: body.appFees });
  expect(price.body.details).not.toHaveProperty("devnetNotSimulated");
  expect(BigInt(price.body.fees.app.amount)).toBeGreaterThan(0n);
});

test("txs on a route to or from Bitcoin or the exchange are refused, INVALID_EXTRA_TXS", async () => {
  const txs = [{ to: account(4).address, value: "1" }];
  for (const body of [routes().fromBitcoin, routes().toExchange])
    expect(await post("/quote/v2", { ...body, txs })).toMatchObject({
      status: 400,
      body: { errorCode: "INVALID_EXTRA_TXS" },
    });
});

test("EVM -> exchange: a second payment for a paid request is refunded on the origin, DOUBLE_SPEND", async () => {
  const payer = wallet(3);
  const quote = await client().getQuote({
    ...routes().toExchange,
    user: payer.account.address,
    originCurrency: zeroAddress,
    amount: parseEther("0.01").toString(),
  } as Parameters<ReturnType<typeof client>["getQuote"]>[0]);
  const requestId = quote.requestId as Hex;
  await client().executeSteps({ quote, wallet: payer, checkIntervalMs: 20 });
  const filled = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(filled.status).toBe("success");
  // The same request paid again, under its request id.
  const hash = await payer.sendTransaction({
    chain: null,
    to: origin().contracts.depository,
    data: encodeFunctionData({
      abi: devnetDepositoryAbi,
      functionName: "depositNative",
      args: [payer.account.address, requestId],
    }),
    value: parseEther("0.01"),
  });
  await reader(origin()).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  await devnet().idle();
  const original = await client().getStatus({ requestId });
  const duplicate = (original.details as { duplicateDeposits?: Hex[] } | null)?.duplicateDeposits?.[0] as Hex;
  expect(duplicate).toMatch(/^0x[0-9a-f]{64}$/);
  const refunded = await waitForStatus(client(), { requestId: duplicate, intervalMs: 20 });
  expect(refunded).toMatchObject({ status: "refund", failReason: "DOUBLE_SPEND", inTxHashes: [hash] });
});

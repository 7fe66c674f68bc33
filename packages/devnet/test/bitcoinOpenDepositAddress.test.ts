// An open Bitcoin deposit address (useDepositAddress without strict, refundTo required): whatever
// arrives is filled at a price re-quoted for the amount received (details.requote has the quoted and
// re-quoted amounts); another amount than quoted is filled by a regenerated request, which the quoted
// one names in supersededByRequestId (the official SDK: "currently only set for Bitcoin (BVM)
// deposit-address requests") and follows to its end; whoever pays the address is its depositor.
import { type Address, type Hex, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { bitcoin } from "../../attestkit/src/chains/bitcoin/constants.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { bitcoinTestWallets } from "../src/bitcoin/bitcoinTestWallets.js";
import { payFromBitcoinWallet } from "../src/bitcoin/payFromBitcoinWallet.js";

const { devnet, destination, reader, client } = useDevnet({ bitcoinBlockTimeMs: 0 });

const quoted = 2_000_000n;
const wallet = (index: number) => bitcoinTestWallets[index] as (typeof bitcoinTestWallets)[number];

/** An open deposit-address quote from test wallet `index`, BTC to ETH for a fresh recipient. */
async function openQuote(index: number) {
  const user = wallet(index);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const quote = await client().getQuote({
    user: user.p2wpkhAddress,
    recipient,
    refundTo: user.p2trAddress,
    useDepositAddress: true,
    originChainId: bitcoin.chainId,
    destinationChainId: destination().chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: zeroAddress,
    amount: quoted.toString(),
    tradeType: "EXACT_INPUT",
  });
  const step = quote.steps[0] as (typeof quote.steps)[number];
  return {
    user,
    recipient: recipient as Address,
    quote,
    requestId: step.requestId as Hex,
    depositAddress: step.depositAddress as string,
  };
}

/** `GET /requests/v3?id=` (with `includeChildRequests`): the records, by id. */
async function listed(id: Hex, includeChildRequests = false) {
  const query = `id=${id}${includeChildRequests ? "&includeChildRequests=true" : ""}`;
  const response = await fetch(`${devnet().url}/requests/v3?${query}`, {
    headers: { "x-api-key": "open-btc" },
  });
  const { requests } = (await response.json()) as {
    requests: { id: string; status: string; supersededByRequestId: string | null }[];
  };
  return requests;
}

test("default: half the quoted amount arrives; a regenerated request fills it at a re-quoted price", async () => {
  const { recipient, quote, requestId, depositAddress } = await openQuote(2);
  // Another wallet pays: it is the depositor the request records.
  const payer = wallet(4);
  payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: payer,
    to: depositAddress,
    amount: quoted / 2n,
    requestId,
  });
  devnet().bitcoin.mine();
  // The quoted request ends as the one that superseded it did, and names it.
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(final.depositAddress).toMatchObject({
    address: depositAddress,
    depositAddressType: "open",
    depositor: payer.p2wpkhAddress,
  });
  const [old] = await listed(requestId);
  const successor = old?.supersededByRequestId as Hex;
  expect(successor).toMatch(/^0x[0-9a-f]{64}$/);
  expect(successor).not.toBe(requestId);
  // The regenerated request owns the deposit and the fill, at the re-quoted amounts.
  const owner = await client().getStatus({ requestId: successor });
  expect(owner).toMatchObject({ status: "success", inTxHashes: final.inTxHashes, txHashes: final.txHashes });
  const details = owner.details as { requote?: Record<string, string>; originalRequestId?: string } | null;
  expect(details?.originalRequestId).toBe(requestId);
  const requote = details?.requote;
  expect(requote).toMatchObject({ quotedAmountIn: quoted.toString(), amountIn: (quoted / 2n).toString() });
  const received = await reader(destination()).getBalance({ address: recipient });
  expect(received.toString()).toBe(requote?.amountOut);
  // About half of what the quote would have paid (the fixed relayer gas fee makes it a bit less).
  const full = BigInt(quote.details?.currencyOut?.amount as string);
  expect(received).toBeLessThan(full / 2n);
  expect(received).toBeGreaterThan((full * 49n) / 100n);
  // The listing finds the old request, and with includeChildRequests the new one beside it.
  expect((await listed(requestId, true)).map((request) => request.id).sort()).toEqual(
    [requestId, successor].sort(),
  );
  expect((await listed(successor))[0]).toMatchObject({ supersededByRequestId: null, status: "success" });
});

test("the quoted amount arrives: no new request, the quote's own request fills", async () => {
  const { requestId, depositAddress } = await openQuote(5);
  payFromBitcoinWallet({
    chain: devnet().bitcoin,
    wallet: wallet(5),
    to: depositAddress,
    amount: quoted,
    requestId,
  });
  devnet().bitcoin.mine();
  expect((await waitForStatus(client(), { requestId, intervalMs: 20 })).status).toBe("success");
  expect((await listed(requestId))[0]?.supersededByRequestId).toBeNull();
});

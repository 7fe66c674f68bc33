// An open Bitcoin deposit address (useDepositAddress without strict, refundTo required): whatever
// arrives is filled at a price re-quoted for the amount received, as on the EVM routes
// (details.requote has the quoted and re-quoted amounts); whoever pays the address is its depositor.
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

test("default: half the quoted amount arrives; filled at a re-quoted price for it", async () => {
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
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  expect(final.depositAddress).toMatchObject({
    address: depositAddress,
    depositAddressType: "open",
    depositor: payer.p2wpkhAddress,
  });
  const status = await client().getStatus({ requestId });
  const requote = (status.details as { requote?: Record<string, string> } | null)?.requote;
  expect(requote).toMatchObject({ quotedAmountIn: quoted.toString(), amountIn: (quoted / 2n).toString() });
  const received = await reader(destination()).getBalance({ address: recipient });
  expect(received.toString()).toBe(requote?.amountOut);
  // About half of what the quote would have paid (the fixed relayer gas fee makes it a bit less).
  const full = BigInt(quote.details?.currencyOut?.amount as string);
  expect(received).toBeLessThan(full / 2n);
  expect(received).toBeGreaterThan((full * 49n) / 100n);
});

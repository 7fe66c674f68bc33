// Fee sponsorship on the devnet, through the client: with subsidizeFees the user pays no (or
// capped) fees, and once the request is filled the devnet's sponsor account really pays the
// sponsored part on the origin chain; the status's details.feeSponsorship.actual.sponsorPayment
// says what was paid, in which currency, by whom and in which transaction.
import { type Address, type Hex, parseEther } from "viem";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { executeSteps } from "../../attestkit/src/client/actions/executeSteps.js";
import { waitForStatus } from "../../attestkit/src/client/actions/waitForStatus.js";
import { devnetSponsorAddress, nativeCurrencyAddress } from "../src/constants.js";

const { devnet: running, origin, destination, reader, account, wallet, client, usdcOf } = useDevnet();

type Payment = {
  amount: string;
  address: Address;
  chainId: number;
  payer: Address;
  txHash: Hex;
  status: string;
};
async function paid(requestId: string) {
  const final = await waitForStatus(client(), { requestId, intervalMs: 20 });
  expect(final.status).toBe("success");
  await running().idle();
  const status = await client().getStatus({ requestId: requestId as Hex });
  return (status.details as { feeSponsorship?: { actual?: { sponsorPayment?: Payment } } } | null)
    ?.feeSponsorship?.actual?.sponsorPayment;
}

describe("fee sponsorship", () => {
  test("default: every fee sponsored on a USDC route: the user gets the whole amount, the sponsor pays the fees into the depository", async () => {
    const quote = await client().getQuote({
      user: account(1).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: origin().contracts.token,
      destinationCurrency: destination().contracts.token,
      amount: "100000000",
      tradeType: "EXACT_INPUT",
      subsidizeFees: true,
    });
    // 10 bps + $0.01, all sponsored.
    expect(quote.details?.currencyOut?.amount).toBe("100000000");
    expect(quote.feeSponsorship?.actual?.sponsorPayment).toMatchObject({
      amount: "110000",
      address: origin().contracts.token,
      chainId: origin().chainId,
      payer: devnetSponsorAddress,
    });
    const sponsorBefore = await usdcOf(origin(), devnetSponsorAddress);
    const depositoryBefore = await usdcOf(origin(), origin().contracts.depository);
    await executeSteps(client(), { quote, wallet: wallet(1), checkIntervalMs: 20 });
    const payment = await paid(quote.requestId as string);
    expect(payment).toMatchObject({
      amount: "110000",
      address: origin().contracts.token,
      chainId: origin().chainId,
      payer: devnetSponsorAddress,
      status: "success",
    });
    expect(sponsorBefore - (await usdcOf(origin(), devnetSponsorAddress))).toBe(110_000n);
    // The depository got the user's 100 USDC and the sponsor's 0.11.
    expect((await usdcOf(origin(), origin().contracts.depository)) - depositoryBefore).toBe(100_110_000n);
    const transaction = await reader(origin()).getTransaction({ hash: payment?.txHash as Hex });
    expect(transaction.from.toLowerCase()).toBe(devnetSponsorAddress.toLowerCase());
    expect(await usdcOf(destination(), account(1).address)).toBeGreaterThan(0n);
  });

  test("a cap on a native route: the sponsor pays up to it, in ETH, to the solver that fronted the fill", async () => {
    const quote = await client().getQuote({
      user: account(2).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("1").toString(),
      tradeType: "EXACT_INPUT",
      subsidizeFees: true,
      sponsoredFeeComponents: ["relay"],
      maxSubsidizationAmount: "600000",
    });
    // relay = 0.001 ETH = $3, capped at $0.60 = 0.0002 ETH.
    expect(quote.feeSponsorship?.quoted?.capHit).toBe(true);
    expect(quote.fees?.subsidized?.amount).toBe(parseEther("0.0002").toString());
    await executeSteps(client(), { quote, wallet: wallet(2), checkIntervalMs: 20 });
    const payment = await paid(quote.requestId as string);
    expect(payment).toMatchObject({
      amount: parseEther("0.0002").toString(),
      address: nativeCurrencyAddress,
      payer: devnetSponsorAddress,
    });
    const transaction = await reader(origin()).getTransaction({ hash: payment?.txHash as Hex });
    expect(transaction).toMatchObject({
      value: parseEther("0.0002"),
      to: running().info.solver.address.toLowerCase(),
    });
  });

  test("without subsidizeFees nothing is sponsored and the sponsor pays nothing", async () => {
    const quote = await client().getQuote({
      user: account(3).address,
      originChainId: origin().chainId,
      destinationChainId: destination().chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: parseEther("1").toString(),
      tradeType: "EXACT_INPUT",
    });
    expect(quote.feeSponsorship?.actual?.sponsorPayment).toMatchObject({ amount: "0" });
    const sponsorNonce = await reader(origin()).getTransactionCount({ address: devnetSponsorAddress });
    await executeSteps(client(), { quote, wallet: wallet(3), checkIntervalMs: 20 });
    expect(await paid(quote.requestId as string)).toBeUndefined();
    expect(await reader(origin()).getTransactionCount({ address: devnetSponsorAddress })).toBe(sponsorNonce);
  });
});

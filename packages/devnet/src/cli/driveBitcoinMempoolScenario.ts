import { bitcoin } from "attestkit/chains";
import { CliError, exitCodes } from "attestkit/cli";
import { executeSteps, getQuote } from "attestkit/client";
import type { QuoteResponse } from "attestkit/schemas";
import type { Hex } from "viem";
import { broadcastBitcoinDeposit } from "./broadcastBitcoinDeposit.js";
import type { ScenarioContext } from "./createScenarioContext.js";
import type { RunDevnetScenarioReturnType } from "./devnetScenarioTypes.js";
import { followDevnetRequest } from "./followDevnetRequest.js";

/**
 * Scenario `bitcoin-mempool-success`: quotes 100 000 sats from a Bitcoin test wallet to the paying
 * account's native currency on the destination, and pays through the quote's steps with the wallet
 * signing and broadcasting the deposit PSBT; the request is pending while the deposit waits in the
 * mempool, then filled.
 *
 * @param context - The scenario's context. {@link ScenarioContext}
 * @returns The request id and its final status. {@link RunDevnetScenarioReturnType}
 * @example
 * const { status } = await driveBitcoinMempoolScenario(context)
 */
export async function driveBitcoinMempoolScenario(
  context: ScenarioContext,
): Promise<RunDevnetScenarioReturnType> {
  const { info } = context;
  const btcWallet = info.bitcoin.testWallets[context.accountIndex % info.bitcoin.testWallets.length];
  if (!btcWallet)
    throw new CliError("The devnet lists no Bitcoin test wallet.", { exitCode: exitCodes.network });
  const quote = (await getQuote(context.client, {
    user: btcWallet.p2wpkhAddress,
    recipient: context.account.address,
    originChainId: bitcoin.chainId,
    destinationChainId: context.destination.chainId,
    originCurrency: bitcoin.nativeCurrency,
    destinationCurrency: "0x0000000000000000000000000000000000000000",
    amount: "100000",
    tradeType: "EXACT_INPUT",
  } as Parameters<typeof getQuote>[1])) as QuoteResponse;
  const requestId = quote.requestId as Hex;
  context.onRequest?.(requestId);
  const following = followDevnetRequest({ ...context.follow, requestId });
  await executeSteps(context.client, {
    quote,
    wallet: context.wallet,
    checkIntervalMs: context.follow.intervalMs,
    handlers: {
      signPsbt: ({ psbt }) =>
        broadcastBitcoinDeposit({
          psbt,
          privateKey: btcWallet.privateKey,
          esploraUrl: info.bitcoin.esploraUrl,
        }),
    },
  });
  return following;
}

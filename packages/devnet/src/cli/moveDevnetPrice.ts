import { CliError, exitCodes, readResponseJson } from "attestkit/cli";

export type MoveDevnetPriceParameters = {
  /** Base URL of a running devnet. */
  devnet: string;
  /** Added to the error when the devnet cannot be reached: how to name another. */
  devnetHint?: string | undefined;
  /** The currency group (`eth`, `btc`, `usdc`) or its symbol. */
  currency: string;
  /** Basis points of its starting price, an integer from -9999 to 100000 (moves add up). */
  bps: number;
};

/** What `POST /devnet/prices` answers. */
export type MoveDevnetPriceReturnType = {
  currency: string;
  /** The group's moves by hand so far, basis points of its starting price. */
  movedBps: number;
  /** Its price now, micro-USD per whole unit (decimal string). */
  priceUsdMicros: string;
  prices: {
    currency: string;
    symbol: string;
    startUsdMicros: string;
    priceUsdMicros: string;
    movedBps: number;
  }[];
};

/**
 * Moves a currency's price on a running devnet (`POST /devnet/prices`): the price jump behind
 * `attestkit devnet trigger price-move` and the `slippage-refund` scenario. Requests quoted before
 * are filled at the new price within their slippage tolerance, or refunded `SLIPPAGE`.
 *
 * @param parameters - {@link MoveDevnetPriceParameters}
 * @returns The devnet's answer. {@link MoveDevnetPriceReturnType}
 * @throws CliError bad input (2) for a move the devnet refuses, network (3) when it cannot be reached.
 * @example
 * await moveDevnetPrice({ devnet: "http://127.0.0.1:8787", currency: "eth", bps: -30 })
 */
export async function moveDevnetPrice({
  devnet,
  devnetHint,
  currency,
  bps,
}: MoveDevnetPriceParameters): Promise<MoveDevnetPriceReturnType> {
  let response: Response;
  try {
    response = await fetch(new URL("/devnet/prices", devnet), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currency, bps }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (cause) {
    throw new CliError(`The devnet at ${devnet} did not answer POST /devnet/prices.`, {
      exitCode: exitCodes.network,
      cause,
      metaMessages: devnetHint ? [devnetHint] : [],
    });
  }
  const body = (await readResponseJson(response).catch(() => undefined)) as
    | (MoveDevnetPriceReturnType & { message?: string })
    | undefined;
  if (response.status === 400 || response.status === 404)
    throw new CliError(body?.message ?? `The devnet refused the move (HTTP ${response.status}).`, {
      exitCode: exitCodes.badInput,
    });
  if (!response.ok || body === undefined || typeof body.movedBps !== "number")
    throw new CliError(
      `${devnet} did not move the price (HTTP ${response.status}): is it an attestkit devnet?`,
      {
        exitCode: exitCodes.network,
        metaMessages: devnetHint ? [devnetHint] : [],
      },
    );
  return body;
}

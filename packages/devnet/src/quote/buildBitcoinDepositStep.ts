import { type Address, formatUnits } from "viem";
import type { DevnetBitcoin } from "../api/types.js";
import { buildDepositPsbt } from "../bitcoin/buildDepositPsbt.js";
import { devnetBitcoinDepositAddress } from "../bitcoin/devnetBitcoinDepositAddress.js";
import { InsufficientBitcoinFundsError } from "../bitcoin/errors.js";
import { buildTransactionStep } from "./buildTransactionStep.js";
import { quoteBadRequest } from "./quoteBadRequest.js";
import type { BuildRouteStepsParameters, RouteSteps } from "./types.js";

/**
 * The one step of a quote from Bitcoin: `deposit`, whose item carries `data.psbt`, a real unsigned
 * PSBT (`buildDepositPsbt`) spending the user's outputs (a P2SH user's as P2SH-P2WPKH, each input
 * with the redeem script of its `additionalData.userPublicKey`), paying the solver's deposit address (or the
 * request's own), binding the order with `OP_RETURN <order id>` (the signed id, as EVM deposits name
 * it: a payer's guard derives it from the order, never from the unsigned request id) and returning
 * the change. With a deposit address (open or strict), the request gets its own P2WPKH address, made
 * of the order id and the user (`devnetBitcoinDepositAddress`): the step's `depositAddress` names it,
 * any payment to it funds the request (strict: the amount; open: whatever arrives, re-quoted), and
 * the solver watches it once the request is stored.
 *
 * @param parameters - {@link BuildRouteStepsParameters}
 * @returns The step and what it needs of the request. {@link RouteSteps}
 * @throws DevnetApiError 400 `INSUFFICIENT_FUNDS` when the user's outputs cannot cover the deposit and its fee.
 * @example
 * const { steps } = await buildBitcoinDepositStep({ context, route, requestId, orderId, deadline, now })
 */
export async function buildBitcoinDepositStep({
  context,
  route: { priced, userRedeemScript },
  requestId,
  orderId,
}: BuildRouteStepsParameters): Promise<RouteSteps> {
  const btc = context.bitcoin as DevnetBitcoin;
  const { user, amountIn } = priced;
  const depositAddress =
    priced.depositAddressType === undefined
      ? undefined
      : devnetBitcoinDepositAddress({ orderId, depositor: user });
  let psbt: string;
  try {
    psbt = buildDepositPsbt({
      // A P2SH user's outputs are spent as P2SH-P2WPKH: each input carries the redeem script.
      utxos: btc.chain.getUtxos(user).map(({ txid, vout, value, script }) => ({
        txid,
        vout,
        value,
        script,
        redeemScript: userRedeemScript,
      })),
      depositAddress: depositAddress ?? btc.solverWallet.p2wpkhAddress,
      amount: amountIn,
      requestId: orderId,
      changeAddress: user,
      feeRate: btc.chain.feeRate,
    }).psbt;
  } catch (error) {
    if (error instanceof InsufficientBitcoinFundsError)
      throw quoteBadRequest(
        "INSUFFICIENT_FUNDS",
        `${user} cannot cover the deposit and its fee: ${error.shortMessage}`,
      );
    throw error;
  }
  return {
    steps: [
      buildTransactionStep({
        id: "deposit",
        description: `Depositing ${formatUnits(amountIn, 8)} BTC`,
        requestId,
        // With a deposit address: any payment of the amount to it funds the request (the PSBT is one way).
        depositAddress: depositAddress ?? "",
        data: { psbt },
      }),
    ],
    ...(depositAddress === undefined
      ? {}
      : {
          depositAddress: {
            address: depositAddress as Address,
            depositAddressType: priced.depositAddressType ?? "strict",
            depositor: user,
            depositTxHash: null,
          },
          commit: () => void btc.depositAddresses.set(depositAddress, requestId),
        }),
  };
}

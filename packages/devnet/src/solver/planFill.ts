import { devnetDepositoryAbi } from "attestkit/contracts";
import { type Address, encodeFunctionData, isAddressEqual } from "viem";
import type { TransactionToSend } from "../chains/createTransactionSender.js";
import { payoutGas } from "../chains/payFromDepository.js";
import { nativeCurrencyAddress } from "../constants.js";
import type { DevnetRequest } from "../state/types.js";

export { payoutGas };

/**
 * The transactions of a fill, in order: the request's destination calls (`txs`), then the payout to
 * the recipient through the destination depository (`devnetFillNative` with the value, or
 * `devnetFillErc20`). Native value carried by the calls comes out of a native output; a token output
 * is paid in full. No payout when nothing is left. A gas top-up is one more native payout to the
 * recipient, after the output. The quote's EIP-7702 authorizations (`authorizationList`) go with the
 * first transaction, which is then sent as type 4: the delegations are set before any call runs.
 *
 * @param parameters - The request and the destination depository.
 * @returns The transactions to send.
 * @example
 * for (const call of planFill({ request, depository })) await sender.send(call)
 */
export function planFill({
  request,
  depository,
}: {
  request: DevnetRequest;
  depository: Address;
}): TransactionToSend[] {
  const calls: TransactionToSend[] = request.txs.map((call) => ({
    to: call.to,
    data: call.data,
    value: call.value,
  }));
  const native = isAddressEqual(request.destinationCurrency, nativeCurrencyAddress);
  // An exact-output swap's surplus is swept to the recipient with the output (`enableTrueExactOutput`
  // leaves it to the solver: `outputSurplus` is 0 then).
  const output = request.amountOut + (request.outputSurplus ?? 0n);
  const payout = native ? output - request.txs.reduce((sum, call) => sum + call.value, 0n) : output;
  if (payout > 0n)
    calls.push(
      native
        ? {
            to: depository,
            data: encodeFunctionData({
              abi: devnetDepositoryAbi,
              functionName: "devnetFillNative",
              args: [request.requestId, request.recipient],
            }),
            value: payout,
            gas: payoutGas,
          }
        : {
            to: depository,
            data: encodeFunctionData({
              abi: devnetDepositoryAbi,
              functionName: "devnetFillErc20",
              args: [request.requestId, request.destinationCurrency, request.recipient, payout],
            }),
            gas: payoutGas,
          },
    );
  // The gas top-up (`topupGas`): the destination's native currency, from the solver, with the fill.
  if ((request.gasTopup ?? 0n) > 0n)
    calls.push({
      to: depository,
      data: encodeFunctionData({
        abi: devnetDepositoryAbi,
        functionName: "devnetFillNative",
        args: [request.requestId, request.recipient],
      }),
      value: request.gasTopup,
      gas: payoutGas,
    });
  const [first] = calls;
  if (first && (request.authorizationList?.length ?? 0) > 0)
    first.authorizationList = request.authorizationList;
  return calls;
}

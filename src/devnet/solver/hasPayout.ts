import { getAbiItem, type Hex, toEventSelector } from "viem";
import { devnetDepositoryAbi } from "../../contracts/devnet/abis.js";
import type { SolverContext } from "./solverContext.js";

/** Topic of `DevnetFill(bytes32 indexed id, ...)`: a payout for a request id. */
const devnetFillTopic = toEventSelector(getAbiItem({ abi: devnetDepositoryAbi, name: "DevnetFill" }));

/**
 * Whether a payout for the request is already out: a payment bound to it on an external destination
 * (its `ExternalChain.find`), or a `DevnetFill` log for its id from the depository of its EVM
 * destination.
 *
 * @param context - The solver's context. {@link SolverContext}
 * @param requestId - The request.
 * @returns `true` when a payout was sent.
 * @example
 * if (await hasPayout(context, requestId)) log("already paid: left as it is")
 */
export async function hasPayout(context: SolverContext, requestId: Hex): Promise<boolean> {
  const { current, externalChains, chainOf } = context;
  const request = current(requestId);
  const external = externalChains.get(request.destinationChainId);
  if (external) return external.find(requestId) !== undefined;
  const chain = chainOf(request.destinationChainId);
  const payouts = (await chain.request({
    method: "eth_getLogs",
    params: [
      {
        address: chain.contracts.depository,
        fromBlock: "0x0",
        toBlock: "latest",
        topics: [devnetFillTopic, request.requestId.toLowerCase()],
      },
    ],
  })) as unknown[];
  return payouts.length > 0;
}

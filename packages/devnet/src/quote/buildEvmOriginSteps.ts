import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import type { ApiChain } from "../api/types.js";
import { devnetDepositAddressFactoryAbi } from "../contracts/abis.js";
import { buildPermitStep, type PermitAuthorization } from "./buildPermitStep.js";
import { buildQuoteSteps } from "./buildQuoteSteps.js";
import { buildSelfExecutedSteps } from "./buildSelfExecutedSteps.js";
import { priceStepItems } from "./priceStepItems.js";
import type { BuildRouteStepsParameters, RouteSteps } from "./types.js";

/**
 * The steps of a quote from an EVM chain of the devnet. A self-executed same-chain quote
 * (`priced.selfExecuted`): the user's own transfer, wrap, unwrap or swap (`buildSelfExecutedSteps`).
 * With `usePermit` (a token origin): one EIP-3009
 * signature step (`buildPermitStep`) whose authorization is kept with the request, valid for
 * `permitExpiry` seconds (10 minutes by default, as live) and never past the order's deadline. With
 * `useDepositAddress`: the request's deposit address (the origin factory's CREATE2 address of the
 * order id and the user as depositor), watched once the request is stored, and one plain transfer
 * to it. Otherwise the deposit under the order id, after an approval when the allowance is short
 * (`buildQuoteSteps`). Every transaction item gets its gas prices, and its gas limit when the chain
 * can estimate it now (`priceStepItems`).
 *
 * @param parameters - {@link BuildRouteStepsParameters}
 * @returns The steps and what they need of the request. {@link RouteSteps}
 * @example
 * const { steps, depositAddress, commit } = await buildEvmOriginSteps({ context, route, requestId, orderId, deadline, now })
 */
export async function buildEvmOriginSteps({
  context,
  route: { priced, reads },
  requestId,
  orderId,
  deadline,
  now,
}: BuildRouteStepsParameters): Promise<RouteSteps> {
  const origin = context.chains.get(priced.originChainId) as ApiChain;
  if (priced.selfExecuted !== undefined) {
    const built = await buildSelfExecutedSteps({
      priced,
      chain: origin,
      solver: context.solver,
      requestId,
      deadline,
    });
    return { ...built, steps: await priceStepItems({ request: origin.request, steps: built.steps }) };
  }
  if (priced.usePermit) {
    const authorization: PermitAuthorization = {
      chainId: origin.chainId,
      token: priced.currencyIn.address,
      tokenName: priced.currencyIn.name,
      from: priced.user,
      to: context.solver.address,
      value: priced.amountIn,
      validAfter: 0n,
      validBefore: BigInt(Math.min(deadline, Math.floor(now / 1000) + (priced.permitExpiry ?? 600))),
      nonce: orderId,
    };
    return {
      steps: [buildPermitStep({ requestId, authorization, currency: priced.currencyIn })],
      commit: () => context.permits.add(requestId, authorization),
    };
  }
  const depositAddress =
    priced.depositAddressType === undefined
      ? undefined
      : {
          address: await computeDepositAddress(origin, orderId, priced.user),
          depositAddressType: priced.depositAddressType,
          depositor: priced.user,
          depositTxHash: null,
        };
  const steps = buildQuoteSteps({
    priced,
    requestId,
    orderId,
    depository: origin.contracts.depository,
    needsApproval: reads.needsApproval && !depositAddress,
    depositAddress: depositAddress?.address,
  });
  return {
    steps: await priceStepItems({ request: origin.request, steps }),
    depositAddress,
    commit:
      depositAddress &&
      (() =>
        origin.depositAddresses.watch({
          requestId,
          orderId,
          address: depositAddress.address,
          depositor: depositAddress.depositor,
        })),
  };
}

/** The CREATE2 deposit address of an order and depositor, as the chain's factory computes it. */
async function computeDepositAddress(chain: ApiChain, orderId: Hex, depositor: Address): Promise<Address> {
  const result = (await chain.request({
    method: "eth_call",
    params: [
      {
        to: chain.contracts.depositAddressFactory,
        data: encodeFunctionData({
          abi: devnetDepositAddressFactoryAbi,
          functionName: "computeDepositAddress",
          args: [orderId, depositor],
        }),
      },
      "latest",
    ],
  })) as Hex;
  return decodeFunctionResult({
    abi: devnetDepositAddressFactoryAbi,
    functionName: "computeDepositAddress",
    data: result,
  });
}

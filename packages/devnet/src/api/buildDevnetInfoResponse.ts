import {
  devnetReceiverOwner,
  devnetTestAccounts,
  testAccountNativeBalance,
  testAccountTokenBalance,
} from "../constants.js";
import { devnetRelayerAddress } from "../relayer/constants.js";
import { buildBitcoinInfo } from "./buildBitcoinInfo.js";
import { buildExchangeInfo } from "./buildExchangeInfo.js";
import type { DevnetContext } from "./types.js";

/** What `GET /devnet/info` tells of the devnet. */
export type DevnetInfoDeps = Pick<
  DevnetContext,
  | "url"
  | "originChainId"
  | "destinationChainId"
  | "blockTimeMs"
  | "chains"
  | "solver"
  | "bitcoin"
  | "exchange"
  | "webhooks"
  | "webhookHeaders"
>;

/**
 * Answers `GET /devnet/info` (not part of the interface: only a devnet answers it): its HTTP and
 * websocket URLs, chain ids and mining, its EVM chains with their contracts, the solver, the owner of
 * the chains' `receiver` (test account 0, `receiverOwner`), the funded EVM test accounts (public test keys) with their starting balances, the Bitcoin chain and the
 * exchange when it runs them, and the webhook endpoints with the names of their custom headers
 * (names only: their values may be credentials of a gateway).
 *
 * @param context - {@link DevnetInfoDeps}
 * @returns The info.
 * @example
 * app.get("/devnet/info", (c) => c.json(buildDevnetInfoResponse(context)))
 */
export function buildDevnetInfoResponse(context: DevnetInfoDeps) {
  return {
    url: context.url,
    webSocketUrl: context.url.replace(/^http/, "ws"),
    originChainId: context.originChainId,
    destinationChainId: context.destinationChainId,
    mining:
      context.blockTimeMs === null
        ? { mode: "instant" }
        : { mode: "interval", blockTimeMs: context.blockTimeMs },
    chains: [...context.chains.values()].map((chain) => ({
      chainId: chain.chainId,
      name: chain.name,
      role: chain.role,
      rpcUrl: chain.rpcUrl,
      contracts: chain.contracts,
    })),
    solver: { address: context.solver.address },
    relayer: { address: devnetRelayerAddress },
    receiverOwner: devnetReceiverOwner.address,
    testAccounts: devnetTestAccounts.map((account) => ({
      ...account,
      nativeBalance: testAccountNativeBalance.toString(),
      tokenBalance: testAccountTokenBalance.toString(),
    })),
    ...(context.bitcoin ? { bitcoin: buildBitcoinInfo(context.url, context.bitcoin) } : {}),
    ...(context.exchange ? { exchange: buildExchangeInfo(context.url, context.exchange) } : {}),
    webhooks: [...context.webhooks.entries()].map(([apiKey, url]) => ({
      url,
      headers: Object.keys(context.webhookHeaders.get(apiKey) ?? {}),
    })),
  };
}

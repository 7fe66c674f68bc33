import type { responseSchemas } from "attestkit/schemas";
import type * as z from "zod";
import { renderBitcoinChain } from "./renderBitcoinChain.js";
import { renderEvmChain } from "./renderEvmChain.js";
import { renderExchangeChain } from "./renderExchangeChain.js";
import type { DevnetContext } from "./types.js";

/** What `GET /chains` names of the devnet: its URL, EVM chains, currencies, solver, and whether Bitcoin and the exchange run. */
export type ChainsResponseDeps = Pick<
  DevnetContext,
  "url" | "chains" | "currencies" | "solver" | "bitcoin" | "exchange" | "incidents"
>;

/**
 * Answers `GET /chains`: the devnet's EVM chains with their RPC URL, native currency, test token,
 * contracts, solver address and `protocol.v2.depository`, then Bitcoin (8253038, `vmType` `bvm`, its
 * Esplora API as `httpRpcUrl`, the solver's deposit address) and the external exchange (3586256,
 * `vmType` `lvm`, its transfer API as `httpRpcUrl`, the relayer account index) when the devnet runs them.
 * Each chain's `disabled` and `blockProductionLagging` are its incident's (`devnet trigger
 * chain-disabled|block-lagging`), false without one.
 *
 * An EVM chain's `contracts` has the interface's keys, each naming the devnet contract in that role:
 * `multicall3` and `multicaller` the open `DevnetMulticall3`, `onlyOwnerMulticaller` the one only the
 * solver may call, `relayReceiver` the `AttestedDepositReceiver` (the origin only: the devnet has no
 * receiver on the destination), `erc20Router` and `approvalProxy` (and `v3`'s) the depository (an
 * ERC-20 deposit is an approval of the depository and its `depositErc20`); then the devnet's own keys
 * (`depository`, `token`, `attestationVerifier`, `attestedDepositReceiver`).
 *
 * @param context - {@link ChainsResponseDeps}
 * @returns `{ chains }`.
 * @example
 * buildChainsResponse(context).chains[0].protocol.v2.depository
 */
export function buildChainsResponse(context: ChainsResponseDeps) {
  const chains = [...context.chains.values()].map((chain) => renderEvmChain(context, chain));
  const routes = [];
  if (context.bitcoin) routes.push(renderBitcoinChain(context, context.bitcoin));
  if (context.exchange) routes.push(renderExchangeChain(context));
  return { chains: [...chains, ...routes] } satisfies z.input<typeof responseSchemas.chains>;
}

import type { QuoteRequest } from "attestkit/schemas";
import { isAddressEqual } from "viem";
import { type DevnetCurrency, wrappedNativeGroupID } from "./devnetCurrencies.js";

/** What a self-executed same-chain quote does: its `details.operation`, in the live vocabulary. */
export type SelfExecutedOperation = "send" | "wrap" | "unwrap" | "swap";

/** Who executes a quote: the user's own transaction (same chain), or the solver (deposit, fill). */
export type ExecutionDecision =
  | { type: "self"; operation: SelfExecutedOperation }
  | { type: "solver"; reason: string };

export type DecideExecutionParameters = {
  /** A body the shared quote (or price) schema accepted. */
  body: QuoteRequest;
  /** The devnet's currencies. */
  currencies: readonly DevnetCurrency[];
  /** Whether the chain has the devnet's WETH and swap router (a state directory stored before them has not). */
  hasSameChainContracts: boolean;
};

/** Fields whose work only the solver does: a same-chain quote asking for one goes through it. */
const solverOnlyFields = [
  "txs",
  "appFees",
  "subsidizeFees",
  "topupGas",
  "usePermit",
  "useDepositAddress",
  // EIP-7702 authorizations ride on the solver's fill (a type-4 transaction).
  "authorizationList",
] as const;

/**
 * Decides who executes a quote, as the interface says: "by default same-chain swaps are
 * self-executed; `forceSolverExecution: true` forces solver execution". In this order:
 *
 * | case | execution |
 * |------|-----------|
 * | another destination chain | the solver (a deposit, then a fill) |
 * | `forceSolverExecution: true` | the solver |
 * | the quote asks for solver work: destination calls (`txs`), app fees, sponsorship, a gas top-up, a permit, a deposit address, EIP-7702 authorizations | the solver (the user's own transaction cannot carry it) |
 * | the chain lacks the devnet's WETH and swap router (a state directory from before them) | the solver |
 * | a currency the devnet does not list | the solver (the pricer refuses it with the live code) |
 * | the same currency | self: `send` (a plain transfer to the recipient) |
 * | ETH to WETH / WETH to ETH | self: `wrap` / `unwrap` (`DevnetWeth.depositTo` / `withdrawTo`) |
 * | anything else, with `disableOriginSwaps: true` | the solver (a same-chain swap by the user is an origin swap; the solver's fill swaps instead) |
 * | anything else | self: `swap` (the devnet's swap router, at terms the solver signs) |
 *
 * @param parameters - {@link DecideExecutionParameters}
 * @returns The decision. {@link ExecutionDecision}
 * @example
 * decideExecution({ body: { ...sameChainSwap, forceSolverExecution: true }, currencies, hasSameChainContracts: true }).type // "solver"
 */
export function decideExecution({
  body,
  currencies,
  hasSameChainContracts,
}: DecideExecutionParameters): ExecutionDecision {
  if (body.originChainId !== body.destinationChainId) return { type: "solver", reason: "cross-chain" };
  if ("forceSolverExecution" in body && body.forceSolverExecution === true)
    return { type: "solver", reason: "forceSolverExecution" };
  const asked = solverOnlyFields.find((field) => {
    const value = (body as Record<string, unknown>)[field];
    return value === true || (Array.isArray(value) && value.length > 0);
  });
  if (asked !== undefined) return { type: "solver", reason: asked };
  if (!hasSameChainContracts) return { type: "solver", reason: "no same-chain contracts on the chain" };
  const find = (address: string) =>
    currencies.find(
      (currency) => currency.chainId === body.originChainId && equalAddress(currency.address, address),
    );
  const currencyIn = find(body.originCurrency);
  const currencyOut = find(body.destinationCurrency);
  if (!currencyIn || !currencyOut) return { type: "solver", reason: "unknown currency" };
  if (currencyIn.address === currencyOut.address) return { type: "self", operation: "send" };
  if (currencyIn.isNative && currencyOut.groupID === wrappedNativeGroupID)
    return { type: "self", operation: "wrap" };
  if (currencyIn.groupID === wrappedNativeGroupID && currencyOut.isNative)
    return { type: "self", operation: "unwrap" };
  if ("disableOriginSwaps" in body && body.disableOriginSwaps === true)
    return { type: "solver", reason: "disableOriginSwaps" };
  return { type: "self", operation: "swap" };
}

function equalAddress(a: string, b: string): boolean {
  try {
    return isAddressEqual(a as `0x${string}`, b as `0x${string}`);
  } catch {
    return false;
  }
}

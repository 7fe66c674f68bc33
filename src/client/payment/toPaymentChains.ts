import { orderVmTypeCodes } from "../../orders/constants.js";
import { toOrderChains } from "../../orders/toOrderChains.js";
import type { OrderChains, OrderVmType } from "../../orders/types.js";
import type { PaymentChain } from "./types.js";

export type ToPaymentChainsParameters = {
  /** A `GET /chains` answer (`{ chains: [...] }`) or its `chains` array. */
  chains: unknown;
};

export type ToPaymentChainsReturnType = {
  /** By slug, for the order (see `toOrderChains`). */
  order: OrderChains;
  /** By numeric chain id, for the intent and the step items. */
  byId: ReadonlyMap<number, PaymentChain>;
};

/** The `contracts` keys an approval may name as its spender (top level and under `v3`). */
const spenderKeys = ["approvalProxy", "erc20Router"] as const;

/**
 * Reads what the payment guard needs from a `GET /chains` answer: the slug maps orders use, and for
 * each numeric chain id its slug, VM, depository and the contracts an approval may name (the
 * depository, `approvalProxy`, `erc20Router` and their `v3` versions). Only a chain's own listing
 * makes a spender acceptable: an approval to anything else is refused.
 *
 * @param parameters - {@link ToPaymentChainsParameters}
 * @returns The order's slug maps and the chains by id. {@link ToPaymentChainsReturnType}
 * @throws InvalidOrderFieldError for an answer that is not a list of chain objects.
 * @example
 * const chains = toPaymentChains({ chains: await client.getChains() })
 * chains.byId.get(8453)?.slug // "base"
 */
export function toPaymentChains({ chains }: ToPaymentChainsParameters): ToPaymentChainsReturnType {
  const order = toOrderChains({ chains });
  const list: unknown[] = Array.isArray(chains) ? chains : (chains as { chains: unknown[] }).chains;
  const byId = new Map<number, PaymentChain>();
  for (const item of list) {
    const chain = item as Record<string, unknown>;
    if (typeof chain.id !== "number" || !Number.isSafeInteger(chain.id)) continue;
    const v2 = objectAt(objectAt(chain, "protocol"), "v2");
    const slug = typeof v2?.chainId === "string" && v2.chainId !== "" ? v2.chainId : undefined;
    const depository = typeof v2?.depository === "string" && v2.depository !== "" ? v2.depository : undefined;
    const code = chain.vmType;
    const vmType: OrderVmType | undefined =
      typeof code === "string" && Object.hasOwn(orderVmTypeCodes, code)
        ? orderVmTypeCodes[code as keyof typeof orderVmTypeCodes]
        : undefined;
    const contracts = objectAt(chain, "contracts");
    const spenders = new Set<string>();
    if (depository) spenders.add(depository.toLowerCase());
    for (const group of [contracts, objectAt(contracts, "v3")])
      for (const key of spenderKeys) {
        const address = group?.[key];
        if (typeof address === "string" && address !== "") spenders.add(address.toLowerCase());
      }
    byId.set(chain.id, { id: chain.id, slug, vmType, depository, spenders });
  }
  return { order, byId };
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const inner = (value as Record<string, unknown>)[key];
  return inner !== null && typeof inner === "object" ? (inner as Record<string, unknown>) : undefined;
}
